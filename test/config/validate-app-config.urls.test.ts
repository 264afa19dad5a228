import { describe, expect, it } from 'vitest';
import { defaultAppConfig, validateAppConfig } from '../../src/config';

const hostile = 'http://a;frame-ancestors/mcp';
const geojson = defaultAppConfig().datasets.find((dataset) => dataset.geometry.kind === 'geojson')!;

describe('app config URLs', () => {
  it.each([
    ['mcpServers[0].url', { mcpServers: [{ id: 't', url: hostile }] }, 'this server is skipped'],
    [
      'llm.providers[0].endpoint',
      {
        llm: {
          providers: [{ id: 'p', kind: 'openai-compatible', endpoint: hostile, models: ['m'] }],
        },
      },
      'this provider is skipped',
    ],
    ['basemap.url', { basemap: { kind: 'style', url: hostile } }, 'using the offline basemap'],
    ['systemPromptUrl', { systemPromptUrl: hostile }, 'using the bundled prompt'],
    [
      'datasets[0].source.url',
      { datasets: [{ ...geojson, source: { url: hostile, format: 'geojson' } }] },
      'this dataset is skipped',
    ],
  ])(
    'refuses a host with policy syntax in %s, saying so and what happens',
    (path, raw, consequence) => {
      const { config, problems } = validateAppConfig(raw);
      expect(problems).toEqual([
        {
          path,
          message: `has a host name with characters a host name cannot hold: use letters, digits, - and . (or an IP address) (${consequence})`,
        },
      ]);
      expect(JSON.stringify(config)).not.toContain('frame-ancestors');
    },
  );

  it('keeps the good entries beside a refused one', () => {
    const { config, problems } = validateAppConfig({
      mcpServers: [
        { id: 'bad', url: 'http://a,sandbox/mcp' },
        { id: 'good', url: 'https://mcp.example.org/mcp' },
      ],
    });
    expect(problems.map((problem) => problem.path)).toEqual(['mcpServers[0].url']);
    expect(config.mcpServers.map((server) => server.id)).toEqual(['good']);
  });

  it.each([
    ['a space', 'https://example.org/a b.md', /a space, a line break or a control character/],
    ['a line break', 'prompt\n.md', /a line break/],
    ['another host by the page’s scheme', '//elsewhere.example/p.md', /starts with \/\//],
    ['another scheme', 'javascript:alert(1)', /must be an http\(s\) URL or a path relative/],
  ])('refuses a prompt URL with %s', (_, systemPromptUrl, reason) => {
    const { config, problems } = validateAppConfig({ systemPromptUrl });
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('systemPromptUrl');
    expect(problems[0]?.message).toMatch(reason);
    expect(config.systemPromptUrl).toBeUndefined();
  });

  it('accepts relative paths, ports, IP addresses and international names', () => {
    const { problems } = validateAppConfig({
      systemPromptUrl: 'prompts/system-prompt.md',
      basemap: { kind: 'style', url: 'https://bücher.example/style.json' },
      mcpServers: [
        { id: 'a', url: 'http://127.0.0.1:3001/mcp' },
        { id: 'b', url: 'http://[::1]:3001/mcp' },
        { id: 'c', url: 'https://mcp.example.org/mcp?x=1&y=2' },
      ],
    });
    expect(problems).toEqual([]);
  });
});

describe("an MCP server's client ID metadata document", () => {
  const withDocument = (oauthClientMetadataUrl: string) =>
    validateAppConfig({
      mcpServers: [{ id: 'w', url: 'https://w.example/mcp', oauthClientMetadataUrl }],
    });

  it('is kept when it is an https URL with a path', () => {
    const { config, problems } = withDocument('https://maps.example.org/oauth/client.json');
    expect(problems).toEqual([]);
    expect(config.mcpServers[0]?.oauthClientMetadataUrl).toBe(
      'https://maps.example.org/oauth/client.json',
    );
  });

  it.each([
    ['plain http, which the SDK refuses as a client id', 'http://127.0.0.1/c.json'],
    ['no path', 'https://maps.example.org/'],
  ])('is refused with %s, and the server with it', (_, url) => {
    const { config, problems } = withDocument(url);
    expect(problems.map((problem) => problem.path)).toEqual([
      'mcpServers[0].oauthClientMetadataUrl',
    ]);
    expect(config.mcpServers).toEqual([]);
  });
});
