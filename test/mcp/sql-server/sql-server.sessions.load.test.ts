// One client cannot lock others out of the Node SQL server (`npm run mcp-server`, default limits): its
// long queries leave a slot for another session's SELECT 1, 200 sessions it opens at once, each asking
// one query, all get their answer, and its 500 sessions leave room for a second client.
import { request } from 'node:http';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { initializeRequest, mcpHeaders } from '../raw-mcp-request';
import { datasets, slowSql } from '../sql-server-fixture';
import { startMcpServerScript, type ScriptServer } from '../start-mcp-server-script';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const initialize = initializeRequest('sessions-load-test');
/** The app's page: a second client, told apart from the scripts by its Origin header. */
const page = { origin: 'http://localhost:5173' };
const countSql = 'SELECT count(*) AS airports FROM airports';

/** A client in its own session (the SDK's: it keeps a notification stream open while connected). */
async function connect(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: 'sessions-load-test', version: '1.0.0' });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

/** The text of a `query` answer, or why there was none; the client gives up after 20 s. */
async function query(client: Client, sql: string, signal?: AbortSignal): Promise<string> {
  try {
    const result = (await client.callTool(
      { name: 'query', arguments: { sql_query: sql } },
      undefined,
      {
        timeout: 20_000,
        ...(signal ? { signal } : {}),
      },
    )) as CallToolResult;
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    return result.isError ? `error: ${text}` : text;
  } catch (error) {
    return `no answer: ${String(error)}`;
  }
}

/** A POST of its own connection: a keep-alive socket the server closed meanwhile cannot be reused. */
function post(
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; sessionId?: string; retryAfter?: string; text: string }> {
  return new Promise((done, fail) => {
    const outgoing = request(
      url,
      { method: 'POST', agent: false, headers: { ...mcpHeaders, ...headers } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => {
          const sessionId = response.headers['mcp-session-id'];
          const retryAfter = response.headers['retry-after'];
          done({
            status: response.statusCode ?? 0,
            ...(typeof sessionId === 'string' ? { sessionId } : {}),
            ...(retryAfter ? { retryAfter } : {}),
            text,
          });
        });
      },
    );
    outgoing.on('error', fail);
    outgoing.end(JSON.stringify(body));
  });
}

/**
 * A one-query client without the SDK: initialize, `initialized`, one `query` call, then it leaves
 * without ending its session. Returns the answer's text, or what went wrong.
 */
async function askOnce(url: string): Promise<string> {
  try {
    const opened = await post(url, initialize);
    const sessionId = opened.sessionId;
    if (!sessionId) return `no session: ${opened.status} ${opened.text}`;
    const headers = { 'mcp-session-id': sessionId };
    await post(url, { jsonrpc: '2.0', method: 'notifications/initialized' }, headers);
    const called = await post(
      url,
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'tools/call',
        params: { name: 'query', arguments: { sql_query: countSql } },
      },
      headers,
    );
    // The answer comes as one SSE event: `data: {...}`.
    const event = /^data: (.*)$/m.exec(called.text)?.[1] ?? '{}';
    const { result, error } = JSON.parse(event) as { result?: CallToolResult; error?: unknown };
    if (!result) return `no answer: ${called.status} ${JSON.stringify(error)}`;
    const text = result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
    return result.isError ? `error: ${text}` : text;
  } catch (error) {
    return `no answer: ${String(error)}`;
  }
}

describe('the Node SQL server when one client takes every session it can', () => {
  let served: ScriptServer;

  beforeAll(async () => {
    served = await startMcpServerScript(['--data', `${datasets}/airports.csv`]);
  }, 30_000);
  afterAll(async () => {
    await served?.stop();
  });

  it("answers another session's SELECT 1 at once while one session runs three long queries", async () => {
    const busy = await connect(served.url);
    const other = await connect(served.url);
    const stop = new AbortController();
    const long = [1, 2, 3].map(() => query(busy, slowSql, stop.signal));
    await new Promise((done) => setTimeout(done, 500));
    const sent = performance.now();
    const answer = await query(other, 'SELECT 1 AS one');
    const afterMs = performance.now() - sent;
    stop.abort();
    await Promise.all(long);
    expect(answer).toMatch(/^1 row\./);
    // Before, it waited for a slot until the long queries' 30 s timeout.
    expect(afterMs).toBeLessThan(5000);
    await Promise.all([busy.close(), other.close()]);
  }, 30_000);

  it('answers all of 200 sessions that one client opens at once, each to ask one query', async () => {
    const sent = performance.now();
    const answers = await Promise.all(Array.from({ length: 200 }, () => askOnce(served.url)));
    const failures = answers.filter((answer) => !answer.startsWith('1 row.'));
    expect(failures).toEqual([]);
    // Each waited for an earlier one to finish, not for an idle timeout.
    expect(performance.now() - sent).toBeLessThan(25_000);
  }, 40_000);

  it('lets a second client in, and answers its query, while one client opens 500 sessions', async () => {
    // Initialize only: sessions that are never used, the most a client can hold on to (30 s).
    const flood = Promise.all(Array.from({ length: 500 }, () => post(served.url, initialize)));
    await new Promise((done) => setTimeout(done, 1000));
    const sent = performance.now();
    let answer: string;
    let second: Client | undefined;
    try {
      second = await connect(served.url, page);
      answer = await query(second, countSql);
    } catch (error) {
      answer = `no session: ${String(error)}`;
    }
    const afterMs = performance.now() - sent;
    const answers = await flood;
    expect(answer).toMatch(/^1 row\./);
    // Within seconds (behind the flood's requests), not once sessions expire.
    expect(afterMs).toBeLessThan(10_000);
    // The flooding client holds half the table; the rest of its requests were told to come back.
    const admitted = answers.filter((opened) => opened.status === 200);
    expect(admitted.length).toBeGreaterThanOrEqual(50);
    expect(admitted.length).toBeLessThan(100);
    for (const refused of answers.filter((opened) => opened.status !== 200)) {
      expect(refused.status).toBe(503);
      expect(refused.retryAfter).toBe('5');
      expect(refused.text).toContain(
        'This client already has 50 sessions, the most one client may keep, and every one is busy ' +
          'or still starting. Try again in a few seconds',
      );
    }
    expect(second && (await query(second, countSql))).toMatch(/^1 row\./);
    await second?.close();
  }, 40_000);
});
