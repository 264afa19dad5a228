import { describe, expect, it } from 'vitest';
import { defaultAppConfig, loadAppConfig } from '../../src/config';

const respond =
  (body: string, status = 200) =>
  async () =>
    new Response(body, { status });

describe('loading app-config.json', () => {
  it('reports invalid JSON and still gives a usable config', async () => {
    const { config, problems } = await loadAppConfig('app-config.json', respond('{"title": "x",}'));
    expect(config).toEqual(defaultAppConfig());
    expect(problems[0]?.message).toMatch(/is not valid JSON .*trailing comma/);
  });

  it('reports a missing file with its HTTP status', async () => {
    const { problems } = await loadAppConfig('app-config.json', respond('nope', 404));
    expect(problems[0]?.message).toContain('HTTP 404');
  });

  it('applies a valid file', async () => {
    const { config, problems } = await loadAppConfig(
      'app-config.json',
      respond('{"title": "Quakes"}'),
    );
    expect(problems).toEqual([]);
    expect(config.title).toBe('Quakes');
  });
});
