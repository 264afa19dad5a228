import { afterEach, describe, expect, it, vi } from 'vitest';
import { testModelConnection } from '../../src/settings/test-model-connection';

const key = 'sk-echoed-key-0123456789abcdefghijkl';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('testModelConnection', () => {
  it('does not show the API key when the server echoes it in its error', async () => {
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ error: { message: `Incorrect API key provided: ${key}` } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    const report = await testModelConnection({
      provider: 'local',
      endpoint: 'http://127.0.0.1:9/v1',
      model: 'test-model',
      apiKey: key,
    });
    expect(fetch).toHaveBeenCalledOnce();
    expect(report.ok).toBe(false);
    expect(report.message).toContain('The API key was refused');
    expect(report.message).not.toContain(key);
  });
});
