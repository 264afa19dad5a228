import { describe, expect, it } from 'vitest';
import {
  fillCredentials,
  maskCredentials,
  referencedCredentials,
  type DataCredential,
} from '../../src/tools/credential-placeholders';
import { ToolRegistry } from '../../src/tools/tool-registry';
import type { Tool, ToolResult } from '../../src/tools/tool';

const credentials = new Map<string, DataCredential>([
  ['PG_PASSWORD', { value: 's3cr3t-pass', serverId: 'warehouse' }],
  ['API_TOKEN', { value: 'tok_123456', serverId: 'warehouse' }],
  ['PIN', { value: '42', serverId: 'warehouse' }],
]);

describe('data credential placeholders', () => {
  it('finds the names an argument refers to, nested anywhere, once each', () => {
    expect(
      referencedCredentials({
        sql: "ATTACH 'postgres://me:{{secret:PG_PASSWORD}}@db/x'",
        options: { headers: ['Bearer {{secret:API_TOKEN}}', '{{secret:PG_PASSWORD}}'] },
        plain: '{{ secret:NOT_ONE }} {{secret:}}',
      }),
    ).toEqual(['PG_PASSWORD', 'API_TOKEN']);
  });

  it('fills every placeholder for its own server, or names the ones with no saved credential', () => {
    expect(
      fillCredentials(
        { sql: "SELECT '{{secret:PG_PASSWORD}}'", n: 3, list: ['{{secret:PIN}}'] },
        credentials,
        'warehouse',
      ),
    ).toEqual({ args: { sql: "SELECT 's3cr3t-pass'", n: 3, list: ['42'] } });
    expect(
      fillCredentials(
        { a: '{{secret:NOPE}} {{secret:PIN}} {{secret:ALSO_NOT}}' },
        credentials,
        'warehouse',
      ),
    ).toEqual({ missing: ['NOPE', 'ALSO_NOT'] });
  });

  it('fills nothing for another server, a local tool, or a credential not bound yet', () => {
    const args = { sql: "SELECT '{{secret:PG_PASSWORD}}'" };
    expect(fillCredentials(args, credentials, 'embedded')).toEqual({
      misplaced: [{ name: 'PG_PASSWORD', serverId: 'warehouse' }],
    });
    expect(fillCredentials(args, credentials, undefined)).toEqual({
      misplaced: [{ name: 'PG_PASSWORD', serverId: 'warehouse' }],
    });
    const unbound = new Map([['PG_PASSWORD', { value: 's3cr3t-pass', serverId: undefined }]]);
    expect(fillCredentials(args, unbound, 'warehouse')).toEqual({
      misplaced: [{ name: 'PG_PASSWORD', serverId: undefined }],
    });
  });

  it('masks every copy of a value in a result back into its placeholder, but not short values', () => {
    const result = {
      content: 'token=tok_123456; pass s3cr3t-pass; answer 42',
      data: { rows: [{ token: 'tok_123456' }], bytes: new Uint8Array([1, 2]) },
    };
    const masked = maskCredentials(result, credentials);
    expect(masked.content).toBe(
      'token={{secret:API_TOKEN}}; pass {{secret:PG_PASSWORD}}; answer 42',
    );
    expect(masked.data.rows).toEqual([{ token: '{{secret:API_TOKEN}}' }]);
    // Objects that are not plain data (typed arrays, Arrow tables) are kept as they are.
    expect(masked.data.bytes).toBe(result.data.bytes);
    expect(maskCredentials(result, new Map())).toBe(result);
  });
});

describe('the registry with data credentials', () => {
  const echo: Tool = {
    name: 'echo',
    description: 'echoes its text',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } } },
    origin: { kind: 'mcp', serverId: 'warehouse', originalName: 'echo' },
    execute: async (args): Promise<ToolResult> => ({
      content: `ran with ${String(args.text)}`,
      data: { kind: 'mcp', content: [], structuredContent: { seen: args.text } },
    }),
  };
  const signal = new AbortController().signal;

  it('fills placeholders at dispatch and hands back the result with the value masked', async () => {
    const seen: unknown[] = [];
    const registry = new ToolRegistry({ credentials: () => credentials });
    registry.setServerTools('warehouse', [
      {
        ...echo,
        execute: async (args, context) => {
          seen.push(args.text);
          return echo.execute(args, context);
        },
      },
    ]);
    const result = await registry.execute(
      { id: '1', name: 'echo', arguments: { text: 'key {{secret:API_TOKEN}}' } },
      { signal },
    );
    expect(seen).toEqual(['key tok_123456']);
    expect(result).toEqual({
      content: 'ran with key {{secret:API_TOKEN}}',
      data: {
        kind: 'mcp',
        content: [],
        structuredContent: { seen: 'key {{secret:API_TOKEN}}' },
      },
    });
  });

  it('runs nothing and tells the model which credential is missing', async () => {
    let runs = 0;
    const registry = new ToolRegistry({ credentials: () => new Map() });
    registry.register({ ...echo, execute: async () => ({ content: String((runs += 1)) }) });
    const result = await registry.execute(
      { id: '1', name: 'echo', arguments: { text: '{{secret:API_TOKEN}}' } },
      { signal },
    );
    expect(runs).toBe(0);
    expect(result.isError).toBe(true);
    expect(result.content).toContain('no data credential is saved under API_TOKEN');
    expect(result.content).toContain('Settings → Data credentials');
  });

  it('fills a credential only for the tools of its own server, and names that server otherwise', async () => {
    const received: unknown[] = [];
    const recording = (serverId: string): Tool => ({
      ...echo,
      origin: { kind: 'mcp', serverId, originalName: 'echo' },
      execute: async (args) => {
        received.push(args.text);
        return { content: 'ran' };
      },
    });
    const registry = new ToolRegistry({ credentials: () => credentials });
    registry.setServerTools('warehouse', [recording('warehouse')]);
    registry.setServerTools('collector', [recording('collector')]);
    const local: Tool = { ...recording('none'), name: 'note', origin: { kind: 'local' } };
    registry.register(local);
    const other = registry
      .list()
      .find((tool) => tool.origin.kind === 'mcp' && tool.origin.serverId === 'collector');
    const args = { text: '{{secret:PG_PASSWORD}}' };

    const elsewhere = await registry.execute(
      { id: '1', name: other!.name, arguments: args },
      { signal },
    );
    expect(elsewhere.isError).toBe(true);
    expect(elsewhere.content).toContain(
      'Nothing ran: the data credential PG_PASSWORD belongs to the server "warehouse"',
    );
    expect(elsewhere.content).toContain('is a tool of the server "collector"');
    const fromLocal = await registry.execute(
      { id: '2', name: 'note', arguments: args },
      { signal },
    );
    expect(fromLocal.content).toContain('"note" is a local tool');
    expect(received).toEqual([]);

    const own = registry
      .list()
      .find((tool) => tool.origin.kind === 'mcp' && tool.origin.serverId === 'warehouse');
    await registry.execute({ id: '3', name: own!.name, arguments: args }, { signal });
    expect(received).toEqual(['s3cr3t-pass']);
  });

  it('fills an unbound credential for no tool, and says it needs a server', async () => {
    const registry = new ToolRegistry({
      credentials: () => new Map([['OLD', { value: 'old-value-1', serverId: undefined }]]),
    });
    registry.setServerTools('warehouse', [echo]);
    const result = await registry.execute(
      { id: '1', name: 'echo', arguments: { text: '{{secret:OLD}}' } },
      { signal },
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain('the data credential OLD is not bound to any server yet');
  });
});
