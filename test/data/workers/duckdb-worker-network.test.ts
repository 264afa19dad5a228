// The DuckDB worker's own network guard, over a stand-in XMLHttpRequest whose "network" follows
// redirects as a browser does: requests go only to allowed origins, an answer that arrives from any
// other origin is refused with a sentence naming both hosts, and a URL seen redirecting elsewhere is
// not asked again.
import { describe, expect, it } from 'vitest';
import {
  DataHostRefusedError,
  dataHostRefusalIn,
  guardWorkerNetwork,
  type WorkerNetworkScope,
} from '../../../src/data/workers/duckdb-worker-network';

const page = 'http://127.0.0.1:4000';
const dataHost = 'http://127.0.0.1:4631';
const outsider = 'http://127.0.0.1:4632';

/** Where each URL's answer comes from (a redirect), or `failed` for a request the browser stops. */
const network = new Map<string, string>([
  [`${dataHost}/redirect.csv`, `${outsider}/x.csv`],
  [`${dataHost}/stays.csv`, `${dataHost}/elsewhere.csv`],
  [`${dataHost}/blocked.csv`, 'failed'],
]);

function fakeScope() {
  const sent: string[] = [];
  class FakeRequest extends EventTarget {
    readyState = 0;
    responseURL = '';
    #url = '';
    #async = true;
    aborted = false;
    open(_method: string, url: string | URL, async = true): void {
      this.#url = String(url);
      this.#async = async;
      this.readyState = 1;
    }
    send(): void {
      sent.push(this.#url);
      const final = network.get(this.#url) ?? this.#url;
      if (final === 'failed') throw new Error("Failed to execute 'send' on 'XMLHttpRequest'");
      this.responseURL = final;
      this.readyState = 4;
      if (this.#async) this.dispatchEvent(new Event('readystatechange'));
    }
    abort(): void {
      this.aborted = true;
    }
  }
  const fetched: string[] = [];
  const scope = {
    XMLHttpRequest: FakeRequest as unknown as typeof XMLHttpRequest,
    fetch: (async (input: string | URL | Request) => {
      const url = input instanceof Request ? input.url : String(input);
      fetched.push(url);
      const response = new Response('bytes');
      Object.defineProperty(response, 'url', { value: network.get(url) ?? url });
      return response;
    }) as typeof fetch,
    location: { href: `${page}/assets/duckdb-worker-eh-abc.js` },
    WebSocket: undefined as unknown,
    EventSource: undefined as unknown,
  } satisfies WorkerNetworkScope;
  guardWorkerNetwork(scope, [`${dataHost}/`]);
  return { scope, sent, fetched };
}

function syncRequest(scope: WorkerNetworkScope, url: string): XMLHttpRequest {
  const request = new scope.XMLHttpRequest();
  request.open('GET', url, false);
  request.send(null);
  return request;
}

describe("the DuckDB worker's network", () => {
  it('asks no host but its own origin and the allowed ones', () => {
    const { scope, sent } = fakeScope();
    expect(() => syncRequest(scope, 'http://127.0.0.2:9/leak.csv?conversation=secret')).toThrow(
      /may not read http:\/\/127\.0\.0\.2:9\/leak\.csv.*not one of the page's data hosts/,
    );
    expect(sent).toEqual([]);
    syncRequest(scope, `${dataHost}/data.csv`);
    syncRequest(scope, `${page}/assets/duckdb-eh.wasm`);
    expect(sent).toEqual([`${dataHost}/data.csv`, `${page}/assets/duckdb-eh.wasm`]);
  });

  it('refuses an answer redirected to a host not allowed, naming both, and does not ask again', () => {
    const { scope, sent } = fakeScope();
    const refusal =
      `The read of ${dataHost}/redirect.csv was refused: ${dataHost} redirected it to ${outsider}, ` +
      "which is not one of the page's data hosts (data.allowedHosts), so nothing from it was read.";
    expect(() => syncRequest(scope, `${dataHost}/redirect.csv`)).toThrow(refusal);
    expect(() => syncRequest(scope, `${dataHost}/redirect.csv`)).toThrow(refusal);
    expect(sent).toEqual([`${dataHost}/redirect.csv`]);
  });

  it('reads an answer redirected within the allowed hosts', () => {
    const { scope } = fakeScope();
    expect(syncRequest(scope, `${dataHost}/stays.csv`).responseURL).toBe(
      `${dataHost}/elsewhere.csv`,
    );
  });

  it('says what may have stopped a request the browser refused', () => {
    const { scope } = fakeScope();
    expect(() => syncRequest(scope, `${dataHost}/blocked.csv`)).toThrow(DataHostRefusedError);
    expect(() => syncRequest(scope, `${dataHost}/blocked.csv`)).toThrow(
      /did not answer, did not let this page read it \(CORS\), or redirected it to a host/,
    );
  });

  it('hides a redirected answer from the handlers of an asynchronous request', () => {
    const { scope } = fakeScope();
    const request = new scope.XMLHttpRequest();
    request.open('GET', `${dataHost}/redirect.csv`);
    let seen = 0;
    request.addEventListener('readystatechange', () => (seen += 1));
    request.send();
    expect(seen).toBe(0);
    expect((request as unknown as { aborted: boolean }).aborted).toBe(true);
  });

  it('holds fetch to the same rules, and opens no socket or event stream', async () => {
    const { scope, fetched } = fakeScope();
    await expect(scope.fetch('http://127.0.0.2:9/x')).rejects.toThrow(/may not read/);
    await expect(scope.fetch(`${dataHost}/redirect.csv`)).rejects.toThrow(/redirected it to/);
    expect(await (await scope.fetch(`${page}/assets/duckdb-eh.wasm`)).text()).toBe('bytes');
    expect(fetched).toEqual([`${dataHost}/redirect.csv`, `${page}/assets/duckdb-eh.wasm`]);
    const Socket = scope.WebSocket as new (url: string) => unknown;
    expect(() => new Socket('ws://127.0.0.1:4632')).toThrow(/does not open a WebSocket/);
  });

  it("finds the worker's sentence inside DuckDB's error", () => {
    const error =
      "Invalid Error: DataHostRefusedError: The read of x was refused.\n\nLINE 1: SELECT * FROM read_csv('x')";
    expect(dataHostRefusalIn(error)).toBe('The read of x was refused.');
    expect(dataHostRefusalIn('Binder Error: no such table')).toBeUndefined();
  });
});
