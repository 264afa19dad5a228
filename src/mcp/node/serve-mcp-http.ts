// Any MCP server over Streamable HTTP in Node: one MCP server per session, CORS for browser clients, Host
// checks against DNS rebinding, an optional bearer token, and limits on bodies and sessions (per client
// and in all, idle ones closed for room). The SQL server and the bridge both stand behind it.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializedNotification, isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../../errors/error-message';
import { AbandonedRequests } from './abandoned-requests';
import { clientKeyOf } from './client-key';
import { readJsonBody, RequestBodyTooLargeError } from './read-json-body';
import { acceptedHostnames, hostAllowed, originAllowed } from './request-guards';
import { SessionEventStore } from './session-event-store';
import { DEFAULT_UNUSED_SESSION_MS, SessionTable, type SessionRefusal } from './session-table';
import { DEFAULT_SESSION_WAIT_MS, SessionWaitingLine } from './session-waiting-line';
import type { Server as McpServer } from '@modelcontextprotocol/sdk/server/index.js';
import type { AddressInfo } from 'node:net';

/** Largest request body accepted by default: 1 MB. */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
/** Sessions kept at once by default. */
export const DEFAULT_MAX_SESSIONS = 100;
/** A session idle this long (30 minutes) is closed by default. */
export const DEFAULT_SESSION_IDLE_MS = 30 * 60 * 1000;
/** Seconds a client refused a session is told to wait (`Retry-After`). */
export const SESSION_RETRY_AFTER_SECONDS = 5;
/** How long a client whose SSE stream dropped waits before reconnecting (the SSE `retry` field). */
export const SSE_RETRY_MS = 1000;
/**
 * How long a request whose client went away waits for the client to come back before it is cancelled:
 * three reconnection times.
 */
export const ABANDONED_REQUEST_MS = 3 * SSE_RETRY_MS;

/** Options of the HTTP front shared by every MCP server this project serves from Node. */
export interface ServeMcpHttpOptions {
  /** A new MCP server for each session, bound to that session's transport. */
  createSessionServer: () => McpServer;
  /** 127.0.0.1 by default: only this machine can reach it. */
  host?: string;
  /** 0 picks a free port. */
  port?: number;
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string;
  /**
   * Page origins allowed to call from a browser, besides pages served from this machine (which always
   * may). `*` allows every origin, and only when given explicitly.
   */
  allowedOrigins?: string[];
  /**
   * Host names (besides localhost, 127.0.0.1 and [::1]) the Host header may carry. Bound to loopback,
   * other names are refused (DNS rebinding protection); bound elsewhere, the check applies once names are
   * given here.
   */
  allowedHosts?: string[];
  /** Largest request body in bytes (1 MB by default); a larger one gets 413. */
  maxBodyBytes?: number;
  /**
   * Sessions kept at once (100 by default); at the cap the least recently used idle session is closed
   * for a newcomer, and only when every session is busy does a new initialize get 503.
   */
  maxSessions?: number;
  /** Sessions one client (remote address and page origin) may hold (half of `maxSessions` by default). */
  maxSessionsPerClient?: number;
  /** A session with no open request for this long is closed (30 minutes by default). */
  sessionIdleMs?: number;
  /** A session that sent nothing after its initialize answer is closed after this long (30 s by default). */
  unusedSessionMs?: number;
  /** How long an initialize waits for room before its 503 (10 s by default). */
  sessionWaitMs?: number;
  /** The clock for session expiry; tests move it instead of waiting. */
  now?: () => number;
  /** Lines worth a log (a session closed for being idle, or for room). */
  onLog?: (message: string) => void;
}

/** A running MCP server over HTTP. */
export interface McpHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:8765/mcp. */
  url: string;
  server: Server;
  /** Sessions open now. */
  sessionCount(): number;
  stop(): Promise<void>;
}

const allowedHeaders =
  'mcp-session-id, mcp-protocol-version, last-event-id, authorization, content-type';
const exposedHeaders = 'mcp-session-id, mcp-protocol-version';

function setCors(request: IncomingMessage, response: ServerResponse, allowed: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  if (!originAllowed(origin, allowed)) return false;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Vary', 'Origin');
  response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', allowedHeaders);
  response.setHeader('Access-Control-Expose-Headers', exposedHeaders);
  response.setHeader('Access-Control-Max-Age', '600');
  return true;
}

function tokenMatches(request: IncomingMessage, token: string): boolean {
  const given = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

function jsonError(
  response: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

/**
 * Calls `ended` when the response closes, or at once when it already has (the client left while its
 * body was read): a request counted open for ever would keep its session from expiring.
 */
function whenClosed(response: ServerResponse, ended: () => void): void {
  if (response.closed) ended();
  else response.once('close', ended);
}

/** The 503 sentence for a newcomer no place came free for. */
function refusalMessage(refusal: SessionRefusal): string {
  const who =
    refusal.reason === 'client busy'
      ? `This client already has ${refusal.limit} sessions, the most one client may keep`
      : `The server already has ${refusal.limit} sessions, the most it keeps`;
  return (
    `${who}, and every one is busy or still starting. Try again in a few seconds, or end a ` +
    'session you no longer need.'
  );
}

/** "30 minutes", "1 minute" or "45 seconds", for messages about idle time. */
function spokenDuration(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (ms >= 60_000) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const seconds = Math.round(ms / 1000);
  return `${seconds} second${seconds === 1 ? '' : 's'}`;
}

/** Serves an MCP server (one per session) at `/mcp` until stopped. */
export async function serveMcpHttp(options: ServeMcpHttpOptions): Promise<McpHttpServer> {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const sessionIdleMs = options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS;
  const maxSessions = options.maxSessions ?? DEFAULT_MAX_SESSIONS;
  const sessions = new SessionTable({
    maxSessions,
    idleMs: sessionIdleMs,
    ...(options.maxSessionsPerClient !== undefined
      ? { maxSessionsPerClient: options.maxSessionsPerClient }
      : {}),
    ...(options.unusedSessionMs !== undefined ? { unusedMs: options.unusedSessionMs } : {}),
    ...(options.now ? { now: options.now } : {}),
    onExpired: (sessionId, idleMs, used) =>
      options.onLog?.(
        `closed session ${sessionId} after ${spokenDuration(idleMs)} idle${used ? '' : ', never used'}`,
      ),
    onEvicted: (sessionId, client) =>
      options.onLog?.(`closed idle session ${sessionId} of ${client} to make room`),
  });
  const waitingLine = new SessionWaitingLine(sessions, {
    maxWaitMs: options.sessionWaitMs ?? DEFAULT_SESSION_WAIT_MS,
    // Twice the table: a burst of one-query clients waits its turn, while waiting sockets stay bounded.
    maxWaiting: 2 * maxSessions,
  });
  const abandoned = new AbandonedRequests(ABANDONED_REQUEST_MS);
  const bindHost = options.host ?? '127.0.0.1';
  // The SDK's own Host check (a transport option) is deprecated in favour of Express middleware, and this
  // server has no Express; the same check, port-agnostic, is request-guards.ts.
  const hostnames = acceptedHostnames(bindHost, options.allowedHosts);
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (hostnames && !hostAllowed(request, hostnames)) {
      return jsonError(
        response,
        403,
        `Host "${request.headers.host ?? ''}" is not allowed. Connect through localhost or 127.0.0.1, ` +
          'or start the server with --allow-host NAME.',
      );
    }
    if (!setCors(request, response, options.allowedOrigins ?? [])) {
      return jsonError(
        response,
        403,
        `Page origin ${request.headers.origin ?? ''} is not allowed. Start the server with --allow-origin ${request.headers.origin ?? 'ORIGIN'}.`,
      );
    }
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (path !== '/mcp') return jsonError(response, 404, 'The MCP endpoint is /mcp.');
    if (options.token && !tokenMatches(request, options.token)) {
      response.setHeader('WWW-Authenticate', 'Bearer');
      return jsonError(
        response,
        401,
        'Missing or wrong bearer token. Send Authorization: Bearer <token>.',
      );
    }
    // Sessions idle past their time are closed here as well as by the timer, so an expired id never
    // answers and an expired session never keeps a newcomer out.
    await sessions.expireIdle();
    const sessionId = request.headers['mcp-session-id'];
    const body = request.method === 'POST' ? await readJsonBody(request, maxBodyBytes) : undefined;
    if (typeof sessionId === 'string') {
      const transport = sessions.transportOf(sessionId);
      if (!transport)
        return jsonError(response, 404, 'Session not found. Initialise a new session.');
      whenClosed(response, sessions.requestStarted(sessionId, isInitializedNotification(body)));
      abandoned.follow(transport, body, response);
      return transport.handleRequest(request, response, body);
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) {
      return jsonError(response, 400, 'No session: start with an initialize request.');
    }
    const client = clientKeyOf(request);
    const gone = new AbortController();
    const onGone = () => gone.abort();
    whenClosed(response, onGone);
    const refusal = await waitingLine.admit(client, gone.signal);
    response.off('close', onGone);
    if (refusal) {
      return jsonError(response, 503, refusalMessage(refusal), {
        'retry-after': String(SESSION_RETRY_AFTER_SECONDS),
      });
    }
    let sessionServer: McpServer;
    try {
      sessionServer = options.createSessionServer();
    } catch (error) {
      sessions.abandoned(client);
      throw error;
    }
    let started = false;
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      // Event ids, a priming event and `retry` on each stream (for clients of protocol 2025-11-25 and
      // later), so a dropped stream resumes with Last-Event-ID instead of losing the answer.
      eventStore: new SessionEventStore(),
      retryInterval: SSE_RETRY_MS,
      onsessioninitialized: (id) => {
        started = true;
        whenClosed(response, sessions.started(id, client, transport, sessionServer));
      },
      onsessionclosed: (id) => {
        sessions.forget(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.forget(transport.sessionId);
    };
    try {
      await sessionServer.connect(transport);
      await transport.handleRequest(request, response, body);
    } finally {
      if (!started) {
        sessions.abandoned(client);
        await sessionServer.close();
      }
    }
  };
  // TCP keep-alive probes find clients that vanished without closing their notification stream, so
  // their sessions go idle and expire instead of staying open for ever.
  const server = createServer(
    { keepAlive: true, keepAliveInitialDelay: 60_000 },
    (request, response) => {
      handle(request, response).catch((error: unknown) => {
        if (response.headersSent) response.end();
        else if (error instanceof RequestBodyTooLargeError) {
          jsonError(response, 413, error.message, { connection: 'close' });
        } else jsonError(response, 400, errorMessage(error));
      });
    },
  );
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => resolve());
  });
  // Often enough that a never-used session goes within a minute, and an idle one soon after its time.
  const sweep = setInterval(
    () => void sessions.expireIdle(),
    Math.min(sessionIdleMs, options.unusedSessionMs ?? DEFAULT_UNUSED_SESSION_MS, 30_000) / 2,
  );
  sweep.unref();
  const { port } = server.address() as AddressInfo;
  const host = bindHost;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`,
    server,
    sessionCount: () => sessions.size,
    stop: async () => {
      clearInterval(sweep);
      abandoned.close();
      waitingLine.close();
      await sessions.closeAll();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
