// The Node SQL server bounds what one client can make it hold: request bodies (413), sessions (a cap at
// which the least recently used idle session makes room, 503 only when every session is busy, and a
// share per client) and sessions' idle time (closed, and their id answers 404).
import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { serveSqlHttp, type SqlHttpServer } from '../../../src/mcp/node/serve-sql-http';
import { initializeRequest, mcpHeaders } from '../raw-mcp-request';

const second = 1000;
const minute = 60_000;
const initialize = initializeRequest('limits-test');

interface RawAnswer {
  status: number;
  body: string;
  /** Bytes of the body the client had sent when the answer came. */
  sentBytes: number;
}

/** The JSON-RPC error message of an answer's body. */
function errorMessageOf(answer: { body: string }): string {
  return (JSON.parse(answer.body) as { error: { message: string } }).error.message;
}

/**
 * POSTs without a body of its own: either only headers declaring `declaredBytes`, or, when it is
 * undefined, a chunked body written 64 KB at a time until the server answers (at most `maxBytes`).
 */
function rawPost(url: string, declaredBytes: number | undefined, maxBytes = 0): Promise<RawAnswer> {
  return new Promise((done, fail) => {
    const target = new URL(url);
    let sentBytes = 0;
    let answered = false;
    const outgoing = request(
      {
        host: target.hostname,
        port: target.port,
        path: target.pathname,
        method: 'POST',
        headers: {
          ...mcpHeaders,
          ...(declaredBytes === undefined
            ? { 'transfer-encoding': 'chunked' }
            : { 'content-length': String(declaredBytes) }),
        },
      },
      (response) => {
        answered = true;
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk.toString()));
        response.on('end', () => done({ status: response.statusCode ?? 0, body, sentBytes }));
      },
    );
    // The server may close the connection while the rest of the body is still on its way.
    outgoing.on('error', (error) => {
      if (!answered) fail(error);
    });
    if (declaredBytes !== undefined) {
      outgoing.flushHeaders();
      return;
    }
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const writeMore = () => {
      while (!answered && sentBytes < maxBytes) {
        sentBytes += chunk.length;
        if (!outgoing.write(chunk)) {
          outgoing.once('drain', writeMore);
          return;
        }
      }
      if (!answered) outgoing.end();
    };
    writeMore();
  });
}

async function post(
  url: string,
  body: unknown,
  sessionId?: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, {
    method: 'POST',
    headers: { ...mcpHeaders, ...headers, ...(sessionId ? { 'mcp-session-id': sessionId } : {}) },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    sessionId: response.headers.get('mcp-session-id') ?? undefined,
    retryAfter: response.headers.get('retry-after'),
    body: await response.text(),
  };
}

/** Initialises a session, uses it once (tools/list) and returns its id. */
async function openSession(url: string, headers: Record<string, string> = {}): Promise<string> {
  const opened = await post(url, initialize, undefined, headers);
  expect(opened.status, opened.body).toBe(200);
  expect(opened.sessionId).toBeTruthy();
  const sessionId = opened.sessionId ?? '';
  const ready = await post(
    url,
    { jsonrpc: '2.0', method: 'notifications/initialized' },
    sessionId,
    headers,
  );
  expect(ready.status).toBe(202);
  const listed = await post(
    url,
    { jsonrpc: '2.0', id: 2, method: 'tools/list' },
    sessionId,
    headers,
  );
  expect(listed.status).toBe(200);
  return sessionId;
}

/** Opens the session's notification stream, which keeps it busy until aborted. */
async function listen(url: string, sessionId: string, headers: Record<string, string> = {}) {
  const stream = new AbortController();
  const listening = await fetch(url, {
    headers: { accept: 'text/event-stream', 'mcp-session-id': sessionId, ...headers },
    signal: stream.signal,
  });
  expect(listening.status).toBe(200);
  return stream;
}

const listTools = (url: string, sessionId: string, headers: Record<string, string> = {}) =>
  post(url, { jsonrpc: '2.0', id: 2, method: 'tools/list' }, sessionId, headers);

describe('the Node SQL server, request bodies', () => {
  const engine = new DuckDbNodeEngine();
  let served: SqlHttpServer;

  beforeAll(async () => {
    served = await serveSqlHttp({ engine });
  });
  afterAll(async () => {
    await served.stop();
    await engine.close();
  });

  it.each([2 * 1024 * 1024, 64 * 1024 * 1024, 256 * 1024 * 1024])(
    'refuses a body that declares %i bytes with 413, before reading it',
    async (declaredBytes) => {
      const answer = await rawPost(served.url, declaredBytes);
      expect(answer.status).toBe(413);
      expect(errorMessageOf(answer)).toBe(
        'The request body is larger than 1048576 bytes, the most this server accepts. ' +
          'Send a smaller request, or start the server with a higher --max-body-bytes.',
      );
    },
  );

  it('refuses a chunked body without a length with 413 once it passes the limit', async () => {
    const answer = await rawPost(served.url, undefined, 16 * 1024 * 1024);
    expect(answer.status).toBe(413);
    expect(errorMessageOf(answer)).toMatch(/larger than 1048576 bytes/);
    // The answer came while the client was still sending, long before 16 MB.
    expect(answer.sentBytes).toBeLessThan(8 * 1024 * 1024);
  });

  it('accepts a body just under the limit', async () => {
    const padded = { ...initialize, params: { ...initialize.params, _meta: { pad: '' } } };
    padded.params._meta.pad = 'x'.repeat(1024 * 1024 - JSON.stringify(padded).length - 10);
    expect(JSON.stringify(padded).length).toBeLessThan(1024 * 1024);
    const opened = await post(served.url, padded);
    expect(opened.status).toBe(200);
  });
});

describe('the Node SQL server, sessions', () => {
  const engine = new DuckDbNodeEngine();
  let clock = 0;
  const log: string[] = [];
  let served: SqlHttpServer;

  beforeAll(async () => {
    served = await serveSqlHttp({
      engine,
      maxSessions: 2,
      maxSessionsPerClient: 2,
      sessionWaitMs: 300,
      now: () => clock,
      onLog: (line) => log.push(line),
    });
  });
  afterEach(async () => {
    // Every test starts with no session: move the clock on until all have expired (a stream the test
    // aborted may take a moment to end on the server side).
    await expect
      .poll(async () => {
        clock += 24 * 60 * minute;
        const opened = await post(served.url, initialize);
        if (opened.sessionId) {
          await fetch(served.url, {
            method: 'DELETE',
            headers: { 'mcp-session-id': opened.sessionId },
          });
        }
        return served.sessionCount();
      })
      .toBe(0);
  });
  afterAll(async () => {
    await served.stop();
    await engine.close();
  });

  it('closes a session after 30 idle minutes, and its id then answers 404', async () => {
    const sessionId = await openSession(served.url);
    clock += 29 * minute;
    expect((await listTools(served.url, sessionId)).status).toBe(200);
    clock += 29 * minute;
    expect((await listTools(served.url, sessionId)).status).toBe(200);
    clock += 30 * minute;
    const expired = await listTools(served.url, sessionId);
    expect(expired.status).toBe(404);
    expect(errorMessageOf(expired)).toBe('Session not found. Initialise a new session.');
    expect(log).toContain(`closed session ${sessionId} after 30 minutes idle`);
    expect(served.sessionCount()).toBe(0);
  });

  it('closes a session that sent nothing after its initialize answer after 30 seconds', async () => {
    const opened = await post(served.url, initialize);
    const silent = opened.sessionId ?? '';
    expect(opened.status).toBe(200);
    clock += 29 * second;
    // Another session's request runs the expiry.
    await openSession(served.url);
    expect(served.sessionCount()).toBe(2);
    clock += 1 * second;
    expect((await listTools(served.url, silent)).status).toBe(404);
    expect(log).toContain(`closed session ${silent} after 30 seconds idle, never used`);
  });

  it('keeps a session whose notification stream is open, however long', async () => {
    const sessionId = await openSession(served.url);
    const stream = await listen(served.url, sessionId);
    clock += 45 * minute;
    // Another session's request runs the expiry; the listening session is not idle.
    await openSession(served.url);
    expect(served.sessionCount()).toBe(2);
    expect((await listTools(served.url, sessionId)).status).toBe(200);
    stream.abort();
  });

  it('closes the least recently used idle session for a newcomer at the cap', async () => {
    const first = await openSession(served.url);
    clock += 10 * second;
    const second_ = await openSession(served.url);
    clock += 10 * second;
    expect((await listTools(served.url, first)).status).toBe(200);
    clock += 10 * second;
    await openSession(served.url);
    expect(served.sessionCount()).toBe(2);
    expect((await listTools(served.url, second_)).status).toBe(404);
    expect((await listTools(served.url, first)).status).toBe(200);
    expect(log.some((line) => line.includes(`closed idle session ${second_} of `))).toBe(true);
  });

  it('answers 503 with Retry-After only while every session is busy, then lets the newcomer in', async () => {
    const streams = [
      await listen(served.url, await openSession(served.url)),
      await listen(served.url, await openSession(served.url)),
    ];
    clock += 60 * minute;
    const refused = await post(served.url, initialize);
    expect(refused.status).toBe(503);
    expect(refused.retryAfter).toBe('5');
    expect(errorMessageOf(refused)).toBe(
      'The server already has 2 sessions, the most it keeps, and every one is busy or still ' +
        'starting. Try again in a few seconds, or end a session you no longer need.',
    );
    streams[0]?.abort();
    // The session is closable for room once the server has seen its stream end and a second passed.
    await expect
      .poll(async () => {
        clock += 2 * second;
        return (await post(served.url, initialize)).status;
      })
      .toBe(200);
    streams[1]?.abort();
  });

  it('lets a waiting initialize in as soon as a busy session ends', async () => {
    const first = await openSession(served.url);
    const stream = await listen(served.url, await openSession(served.url));
    expect((await listTools(served.url, first)).status).toBe(200);
    // Both sessions are too recently used to close for room, so the newcomer waits; DELETE frees one.
    const sent = performance.now();
    const waiting = post(served.url, initialize);
    await new Promise((done) => setTimeout(done, 100));
    await fetch(served.url, { method: 'DELETE', headers: { 'mcp-session-id': first } });
    expect((await waiting).status).toBe(200);
    expect(performance.now() - sent).toBeGreaterThanOrEqual(100);
    stream.abort();
  });
});

describe('the Node SQL server, sessions per client', () => {
  const engine = new DuckDbNodeEngine();
  let clock = 0;
  let served: SqlHttpServer;
  const page = { origin: 'http://localhost:5173' };

  beforeAll(async () => {
    served = await serveSqlHttp({ engine, maxSessions: 4, sessionWaitMs: 0, now: () => clock });
  });
  afterAll(async () => {
    await served.stop();
    await engine.close();
  });

  it('keeps one client to half the sessions: its own idle session goes first, others still get in', async () => {
    const own = [await openSession(served.url), await openSession(served.url)];
    const pageSession = await openSession(served.url, page);
    clock += 10 * second;
    // The page's session is the least recently used, but this client is at its limit of 2.
    const third = await openSession(served.url);
    expect((await listTools(served.url, own[0] ?? '')).status).toBe(404);
    const streams = [await listen(served.url, own[1] ?? ''), await listen(served.url, third)];
    clock += 10 * second;
    const refused = await post(served.url, initialize);
    expect(refused.status).toBe(503);
    expect(errorMessageOf(refused)).toBe(
      'This client already has 2 sessions, the most one client may keep, and every one is busy or ' +
        'still starting. Try again in a few seconds, or end a session you no longer need.',
    );
    await openSession(served.url, page);
    expect((await listTools(served.url, pageSession, page)).status).toBe(200);
    for (const stream of streams) stream.abort();
  });
});
