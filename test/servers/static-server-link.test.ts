// The static server's shaped link: what the boot bench's "real connection" figures rest on.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStaticServer } from './static-server';
import type { LoopbackServer } from './loopback';

// Random bytes do not compress, so the bytes sent are the bytes of the file.
const randomBytes = (count: number): Buffer =>
  Buffer.from(Array.from({ length: count }, () => Math.floor(Math.random() * 256)));

describe('the static server through a shaped link', () => {
  let folder: string;
  let server: LoopbackServer;

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'mapwright-link-'));
    writeFileSync(join(folder, 'noise.bin'), randomBytes(200_000));
    writeFileSync(join(folder, 'rows.json'), JSON.stringify(Array(5_000).fill({ a: 1, b: 'two' })));
    // 8 Mbit/s is 1,000,000 bytes a second: 200,000 bytes take about 200 ms after a 50 ms latency.
    server = await startStaticServer(folder, { link: { megabitsPerSecond: 8, latencyMs: 50 } });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('takes the latency and then the bandwidth: 200 KB at 8 Mbit/s in about 250 ms', async () => {
    const started = performance.now();
    const response = await fetch(`${server.url}/noise.bin`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const elapsed = performance.now() - started;
    expect(bytes.length).toBe(200_000);
    expect(elapsed).toBeGreaterThanOrEqual(240);
    expect(elapsed).toBeLessThan(2_000);
  });

  it('shares the link: two downloads at once take as long as both in turn', async () => {
    const started = performance.now();
    await Promise.all(
      [1, 2].map(async () => (await fetch(`${server.url}/noise.bin`)).arrayBuffer()),
    );
    expect(performance.now() - started).toBeGreaterThanOrEqual(440);
  });

  it('gzips text for a browser that accepts it, and answers a revalidation with 304', async () => {
    const response = await fetch(`${server.url}/rows.json`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    const etag = response.headers.get('etag');
    expect(etag).toBeTruthy();
    // Node's fetch decodes gzip itself; the rows arrive whole.
    expect(JSON.parse(await response.text())).toHaveLength(5_000);
    const again = await fetch(`${server.url}/rows.json`, {
      headers: { 'if-none-match': etag! },
    });
    expect(again.status).toBe(304);
  });
});
