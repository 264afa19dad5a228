// The SQL MCP server over Streamable HTTP in Node: sessions, CORS for browser clients, optional bearer token.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { createSqlServer, type SqlServerOptions } from '../sql-server/create-sql-server';
import { acceptedHostnames, hostAllowed, originAllowed } from './request-guards';
import type { AddressInfo } from 'node:net';

/** Options of the HTTP front of the SQL server. */
export interface ServeSqlHttpOptions extends SqlServerOptions {
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
}

/** A running HTTP SQL server. */
export interface SqlHttpServer {
  /** The MCP endpoint, e.g. http://127.0.0.1:8765/mcp. */
  url: string;
  server: Server;
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

function jsonError(response: ServerResponse, status: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? JSON.parse(text) : undefined;
}

/** Serves the SQL tools at `/mcp` until stopped. */
export async function serveSqlHttp(options: ServeSqlHttpOptions): Promise<SqlHttpServer> {
  const sessions = new Map<string, StreamableHTTPServerTransport>();
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
    const sessionId = request.headers['mcp-session-id'];
    const body = request.method === 'POST' ? await readJson(request) : undefined;
    if (typeof sessionId === 'string') {
      const transport = sessions.get(sessionId);
      if (!transport)
        return jsonError(response, 404, 'Session not found. Initialise a new session.');
      return transport.handleRequest(request, response, body);
    }
    if (request.method !== 'POST' || !isInitializeRequest(body)) {
      return jsonError(response, 400, 'No session: start with an initialize request.');
    }
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => {
        sessions.set(id, transport);
      },
      onsessionclosed: (id) => {
        sessions.delete(id);
      },
    });
    transport.onclose = () => {
      if (transport.sessionId) sessions.delete(transport.sessionId);
    };
    await createSqlServer(options).connect(transport);
    await transport.handleRequest(request, response, body);
  };
  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) {
        jsonError(response, 400, error instanceof Error ? error.message : String(error));
      } else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, bindHost, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = bindHost;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}/mcp`,
    server,
    stop: async () => {
      await Promise.allSettled([...sessions.values()].map((transport) => transport.close()));
      sessions.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
