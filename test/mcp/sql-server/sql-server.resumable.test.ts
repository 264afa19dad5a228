// Streamable HTTP resumability: a 2025-11-25 client gets event ids, a priming event and a retry delay,
// and a client that lost its stream gets the answer again by reconnecting with Last-Event-ID.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import {
  serveSqlHttp,
  SSE_RETRY_MS,
  type SqlHttpServer,
} from '../../../src/mcp/node/serve-sql-http';
import { datasets } from '../sql-server-fixture';

const protocolVersion = '2025-11-25';

/** The SSE events of a body, each as its fields. */
function sseEvents(text: string): Record<string, string>[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim() && !block.startsWith(':'))
    .map((block) =>
      Object.fromEntries(
        block.split('\n').map((line) => {
          const colon = line.indexOf(':');
          return [line.slice(0, colon), line.slice(colon + 1).trimStart()];
        }),
      ),
    );
}

/** Reads an SSE response until `done` says the text so far is enough, then stops reading. */
async function readUntil(response: Response, done: (text: string) => boolean): Promise<string> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let text = '';
  while (!done(text)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    text += value;
  }
  await reader.cancel();
  return text;
}

describe("the Node SQL server keeps a session's events for resumption", () => {
  const engine = new DuckDbNodeEngine();
  let served: SqlHttpServer;
  let sessionId = '';
  const headers = () => ({
    'content-type': 'application/json',
    accept: 'application/json, text/event-stream',
    'mcp-protocol-version': protocolVersion,
    ...(sessionId ? { 'mcp-session-id': sessionId } : {}),
  });
  const post = (body: unknown) =>
    fetch(served.url, { method: 'POST', headers: headers(), body: JSON.stringify(body) });

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` });
    served = await serveSqlHttp({ engine });
    const initialized = await post({
      jsonrpc: '2.0',
      id: 0,
      method: 'initialize',
      params: {
        protocolVersion,
        capabilities: {},
        clientInfo: { name: 'resume-test', version: '1' },
      },
    });
    sessionId = initialized.headers.get('mcp-session-id') ?? '';
    await initialized.text();
    await (await post({ jsonrpc: '2.0', method: 'notifications/initialized' })).text();
  });
  afterAll(async () => {
    await served.stop();
    await engine.close();
  });

  it("primes each call's stream with an event id and retry, and replays the answer after it", async () => {
    const call = await post({
      jsonrpc: '2.0',
      id: 1,
      method: 'tools/call',
      params: { name: 'query', arguments: { sql_query: 'SELECT count(*) AS n FROM airports' } },
    });
    const events = sseEvents(await readUntil(call, (text) => text.includes('"id":1')));
    const [priming, answer] = events;
    expect(priming).toEqual({ id: expect.any(String), retry: String(SSE_RETRY_MS), data: '' });
    expect(answer?.id).toEqual(expect.any(String));
    expect(JSON.parse(answer?.data ?? '{}')).toMatchObject({
      id: 1,
      result: { structuredContent: { rows: [{ n: 3376 }] } },
    });

    // As if the stream had dropped after the priming event: the client resumes from there.
    const resumed = await fetch(served.url, {
      method: 'GET',
      headers: { ...headers(), accept: 'text/event-stream', 'last-event-id': priming!.id! },
    });
    expect(resumed.status).toBe(200);
    const replayed = sseEvents(await readUntil(resumed, (text) => text.includes('"id":1')));
    expect(replayed.map((event) => event.id)).toEqual([answer?.id]);
    expect(replayed[0]?.data).toBe(answer?.data);
  });

  it('refuses to resume after an event it does not hold', async () => {
    const resumed = await fetch(served.url, {
      method: 'GET',
      headers: { ...headers(), accept: 'text/event-stream', 'last-event-id': 'unknown:1' },
    });
    expect(resumed.status).toBe(400);
    await resumed.text();
  });
});
