// The page's reads of data files check where the answer came from: fetch follows a redirect by
// itself, so a data host redirecting to a loopback service outside data.allowedHosts would hand its
// answer to the table, the map and the model. Real loopback servers and Node's fetch, which follows
// redirects as a browser does and reports the final URL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataHostFetch } from '../../../src/data/remote/data-host-fetch';
import { DataHostRefusedError } from '../../../src/data/workers/duckdb-worker-network';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';

describe('dataHostFetch', () => {
  let dataHost: LoopbackServer;
  let otherDataHost: LoopbackServer;
  let outsider: LoopbackServer;
  let read: typeof fetch;

  beforeAll(async () => {
    outsider = await startLoopbackServer((_request, response) =>
      response.end('name,secret\nadmin,from-the-outsider\n'),
    );
    otherDataHost = await startLoopbackServer((_request, response) =>
      response.end('city\nDenver\n'),
    );
    dataHost = await startLoopbackServer((request, response) => {
      const to =
        request.url === '/away.csv'
          ? `${outsider.url}/internal.csv`
          : request.url === '/along.csv'
            ? `${otherDataHost.url}/visits.csv`
            : request.url === '/moved.csv'
              ? '/here.csv'
              : undefined;
      if (to) response.writeHead(302, { location: to }).end();
      else response.end('city\nBoulder\n');
    });
    read = dataHostFetch(fetch, {
      allowedHosts: [dataHost.url, otherDataHost.url],
      pageUrl: 'https://app.example.org/',
    });
  });
  afterAll(async () => {
    await Promise.all([dataHost?.stop(), otherDataHost?.stop(), outsider?.stop()]);
  });

  it('refuses an answer redirected to a host that is not a data host, naming both', async () => {
    const refused = await read(`${dataHost.url}/away.csv`).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(DataHostRefusedError);
    expect((refused as Error).message).toBe(
      `The read of ${dataHost.url}/away.csv was refused: ${dataHost.url} redirected it to ` +
        `${outsider.url}, which is not one of the page's data hosts (data.allowedHosts), so nothing ` +
        'from it was read.',
    );
  });

  it('reads an answer from the host asked, a same-host redirect, or another data host', async () => {
    expect(await (await read(`${dataHost.url}/stations.csv`)).text()).toContain('Boulder');
    expect(await (await read(`${dataHost.url}/moved.csv`)).text()).toContain('Boulder');
    expect(await (await read(`${dataHost.url}/along.csv`)).text()).toContain('Denver');
  });

  it("takes the page's own origin for a data host, and only it besides the data hosts", async () => {
    const pageRead = dataHostFetch(fetch, {
      allowedHosts: [dataHost.url],
      pageUrl: `${otherDataHost.url}/index.html`,
    });
    expect(await (await pageRead(`${dataHost.url}/along.csv`)).text()).toContain('Denver');
    await expect(pageRead(`${dataHost.url}/away.csv`)).rejects.toBeInstanceOf(DataHostRefusedError);
  });
});
