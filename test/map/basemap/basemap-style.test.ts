// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resolveBasemapStyle } from '../../../src/map/basemap/basemap-style';

const url = 'http://127.0.0.1:9/style.json';
/** A root with the light theme pinned: the offline style is drawn without asking the device. */
const pinnedLight = document.createElement('div');
pinnedLight.dataset.theme = 'light';

/** Resolves the online basemap with `fetchOnce`, advancing fake time until it settles. */
async function resolveWith(fetchOnce: (url: string) => Promise<Response>) {
  vi.useFakeTimers();
  const notices: string[] = [];
  const settled = resolveBasemapStyle({ kind: 'style', url }, fetchOnce, (m) => notices.push(m), {
    assetBase: 'http://127.0.0.1:9/',
    themeRoot: pinnedLight,
  });
  let done = false;
  void settled.finally(() => (done = true));
  while (!done) await vi.advanceTimersByTimeAsync(250);
  return { ...(await settled), notices };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the online basemap', () => {
  it('that answers HTTP 500 every time is reported as HTTP 500, however slow each answer is', async () => {
    // Each answer takes 3 s: three attempts and their waits pass the 5 s an attempt may take in all.
    let attempts = 0;
    const result = await resolveWith(async () => {
      attempts += 1;
      await new Promise((resolve) => setTimeout(resolve, 3000));
      return new Response('busy', { status: 500 });
    });
    expect(result.offline).toBe(true);
    expect(attempts).toBe(4);
    expect(result.notices).toEqual([
      `The online basemap ${url} could not be loaded (HTTP 500); showing the offline basemap instead.`,
    ]);
  });

  it('that never answers is reported as silent after 5 s, without asking again', async () => {
    let attempts = 0;
    const result = await resolveWith(() => {
      attempts += 1;
      return new Promise<Response>(() => undefined);
    });
    expect(attempts).toBe(1);
    expect(result.notices).toEqual([
      `The online basemap ${url} could not be loaded (no answer in 5 s); showing the offline basemap instead.`,
    ]);
  });

  it('that answers after one passing failure is used', async () => {
    const style = { version: 8, sources: {}, layers: [] };
    let attempts = 0;
    const result = await resolveWith(async () => {
      attempts += 1;
      return attempts === 1
        ? new Response('busy', { status: 503 })
        : new Response(JSON.stringify(style), { status: 200 });
    });
    expect(result).toEqual({ style, offline: false, notices: [] });
  });
});
