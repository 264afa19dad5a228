// An MCP server that signs people in with OAuth, on loopback, built from the MCP SDK's own authorization
// parts: its auth router (metadata, dynamic client registration, authorize, token), its in-memory demo
// authorization provider (which approves at once, as a person clicking "Allow" would) and its bearer
// middleware. One tool, `whoami`, answers with the client id the token was issued to.
import { randomUUID } from 'node:crypto';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running OAuth-protected MCP server. */
export interface OAuthMcpServer {
  /** The MCP endpoint. */
  url: string;
  /** Requests that reached /mcp, with whether they carried a bearer token. */
  mcpRequests: Array<{ authorized: boolean }>;
  /** Client registrations the authorization server accepted (their redirect URIs). */
  registrations: string[][];
  stop(): Promise<void>;
}

/** Starts the server on 127.0.0.1 on a free port. */
export async function startOAuthMcpServer(): Promise<OAuthMcpServer> {
  const app = express();
  const provider = new DemoInMemoryAuthProvider();
  const registrations: string[][] = [];
  const register = provider.clientsStore.registerClient.bind(provider.clientsStore);
  provider.clientsStore.registerClient = async (client) => {
    registrations.push(client.redirect_uris);
    return register(client);
  };
  const mcpRequests: OAuthMcpServer['mcpRequests'] = [];
  const server: Server = await new Promise((resolve) => {
    const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
  });
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const mcpUrl = new URL('/mcp', base);
  // The page calls from another loopback origin: CORS for every route, WWW-Authenticate readable.
  app.use((request, response, next) => {
    const origin = request.headers.origin;
    if (origin) {
      response.setHeader('Access-Control-Allow-Origin', origin);
      response.setHeader('Vary', 'Origin');
      response.setHeader('Access-Control-Allow-Methods', 'GET, POST, DELETE, OPTIONS');
      response.setHeader(
        'Access-Control-Allow-Headers',
        'authorization, content-type, mcp-session-id, mcp-protocol-version, last-event-id',
      );
      response.setHeader('Access-Control-Expose-Headers', 'mcp-session-id, www-authenticate');
    }
    if (request.method === 'OPTIONS') {
      response.status(204).end();
      return;
    }
    next();
  });
  app.use(
    mcpAuthRouter({
      provider,
      issuerUrl: new URL(base),
      resourceServerUrl: mcpUrl,
      scopesSupported: ['mcp:tools'],
      resourceName: 'Test warehouse',
    }),
  );
  app.use('/mcp', (request, _response, next) => {
    mcpRequests.push({ authorized: /^Bearer /i.test(request.headers.authorization ?? '') });
    next();
  });
  app.post(
    '/mcp',
    express.json(),
    requireBearerAuth({
      verifier: provider,
      resourceMetadataUrl: `${base}/.well-known/oauth-protected-resource/mcp`,
    }),
    async (request, response) => {
      const mcp = new McpServer({
        name: 'oauth-warehouse',
        title: 'Test warehouse',
        version: '1.0.0',
      });
      mcp.registerTool(
        'whoami',
        { description: 'Says which client the token was issued to.', inputSchema: {} },
        async (_args, extra) => ({
          content: [{ type: 'text', text: `signed in as ${extra.authInfo?.clientId ?? 'nobody'}` }],
        }),
      );
      // Stateless: each request gets its own transport, so no session ids to keep.
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined });
      response.on('close', () => {
        void transport.close();
        void mcp.close();
      });
      await mcp.connect(transport);
      await transport.handleRequest(request, response, request.body);
    },
  );
  app.all('/mcp', (_request, response) => {
    response
      .status(405)
      .json({ jsonrpc: '2.0', error: { code: -32000, message: 'POST only' }, id: randomUUID() });
  });
  return {
    url: mcpUrl.href,
    mcpRequests,
    registrations,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
