// An MCP server that signs people in with OAuth, on loopback, built from the MCP SDK's own authorization
// parts: its auth router (metadata, dynamic client registration, authorize, token), its in-memory demo
// authorization provider (which approves at once, as a person clicking "Allow" would) and its bearer
// middleware. One tool, `whoami`, answers with the client id the token was issued to. Given
// `accessTokenSeconds`, it issues access tokens that expire that fast, with refresh tokens (rotated on
// each use), which the demo provider does not.
import { randomUUID } from 'node:crypto';
import { DemoInMemoryAuthProvider } from '@modelcontextprotocol/sdk/examples/server/demoInMemoryOAuthProvider.js';
import {
  InvalidGrantError,
  InvalidTokenError,
} from '@modelcontextprotocol/sdk/server/auth/errors.js';
import { requireBearerAuth } from '@modelcontextprotocol/sdk/server/auth/middleware/bearerAuth.js';
import { mcpAuthRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import express from 'express';
import type { AuthorizationParams } from '@modelcontextprotocol/sdk/server/auth/provider.js';
import type { AuthInfo } from '@modelcontextprotocol/sdk/server/auth/types.js';
import type {
  OAuthClientInformationFull,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';
import type { Response } from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the authorization server did, for tests to assert on. */
interface AuthorizationCounts {
  /** Authorization requests (each a person sent to the authorize page). */
  authorizations: number;
  /** Refresh-token grants answered with new tokens. */
  refreshes: number;
}

/** One access token this server issued, and when it stops being valid (ms). */
interface IssuedToken {
  clientId: string;
  scopes: string[];
  expiresAt: number;
}

/** The demo provider with short-lived access tokens and rotated refresh tokens. */
class ExpiringTokenProvider extends DemoInMemoryAuthProvider {
  private readonly issued = new Map<string, IssuedToken>();
  private readonly refreshTokens = new Map<string, { clientId: string; scopes: string[] }>();

  constructor(
    private readonly lifetimeSeconds: number,
    private readonly counts: AuthorizationCounts,
  ) {
    super();
  }

  override async authorize(
    client: OAuthClientInformationFull,
    params: AuthorizationParams,
    response: Response,
  ): Promise<void> {
    this.counts.authorizations++;
    return super.authorize(client, params, response);
  }

  override async exchangeAuthorizationCode(
    client: OAuthClientInformationFull,
    code: string,
    verifier?: string,
  ): Promise<OAuthTokens> {
    const granted = await super.exchangeAuthorizationCode(client, code, verifier);
    return this.issue(client.client_id, granted.scope ? granted.scope.split(' ') : []);
  }

  override async exchangeRefreshToken(
    client: OAuthClientInformationFull,
    refreshToken: string,
  ): Promise<OAuthTokens> {
    const kept = this.refreshTokens.get(refreshToken);
    if (!kept || kept.clientId !== client.client_id) {
      throw new InvalidGrantError('Unknown refresh token');
    }
    this.refreshTokens.delete(refreshToken);
    this.counts.refreshes++;
    return this.issue(kept.clientId, kept.scopes);
  }

  /** Set by `refuseEveryToken`: every access token is refused, a just-refreshed one too. */
  refusing = false;

  /** Ends every access token issued so far, as time would; the refresh tokens stay good. */
  expireAccessTokens(): void {
    for (const token of this.issued.values()) token.expiresAt = 0;
  }

  /** Forgets every token issued so far, as an administrator revoking the grants would. */
  revokeAll(): void {
    this.issued.clear();
    this.refreshTokens.clear();
  }

  override async verifyAccessToken(token: string): Promise<AuthInfo> {
    const issued = this.issued.get(token);
    if (this.refusing || !issued || issued.expiresAt <= Date.now()) {
      throw new InvalidTokenError('Invalid or expired token');
    }
    return {
      token,
      clientId: issued.clientId,
      scopes: issued.scopes,
      expiresAt: Math.ceil(issued.expiresAt / 1000),
    };
  }

  private issue(clientId: string, scopes: string[]): OAuthTokens {
    const accessToken = randomUUID();
    const refreshToken = randomUUID();
    this.issued.set(accessToken, {
      clientId,
      scopes,
      expiresAt: Date.now() + this.lifetimeSeconds * 1000,
    });
    this.refreshTokens.set(refreshToken, { clientId, scopes });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: this.lifetimeSeconds,
      refresh_token: refreshToken,
      ...(scopes.length > 0 ? { scope: scopes.join(' ') } : {}),
    };
  }
}

/** How the server issues tokens. */
export interface OAuthMcpServerOptions {
  /** Access tokens expire after this many seconds and come with refresh tokens (else the demo's hour). */
  accessTokenSeconds?: number;
}

/** A running OAuth-protected MCP server. */
export interface OAuthMcpServer {
  /** The MCP endpoint. */
  url: string;
  /** Requests that reached /mcp, with whether they carried a bearer token. */
  mcpRequests: Array<{ authorized: boolean }>;
  /** Client registrations the authorization server accepted (their redirect URIs). */
  registrations: string[][];
  /** Authorization requests and refreshes the authorization server answered. */
  counts: AuthorizationCounts;
  /** Revokes every access and refresh token (with `accessTokenSeconds` only). */
  revokeTokens(): void;
  /**
   * Expires every access token now, keeping the refresh tokens (with `accessTokenSeconds` only): the
   * next requests find their token expired without a test waiting for the clock.
   */
  expireAccessTokens(): void;
  /**
   * From now on refuses every access token, while refreshes still succeed: the client's token is
   * refused right after it renewed it (with `accessTokenSeconds` only).
   */
  refuseEveryToken(): void;
  stop(): Promise<void>;
}

/** Starts the server on 127.0.0.1 on a free port. */
export async function startOAuthMcpServer(
  options: OAuthMcpServerOptions = {},
): Promise<OAuthMcpServer> {
  const app = express();
  const counts: AuthorizationCounts = { authorizations: 0, refreshes: 0 };
  const provider =
    options.accessTokenSeconds === undefined
      ? new DemoInMemoryAuthProvider()
      : new ExpiringTokenProvider(options.accessTokenSeconds, counts);
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
    counts,
    revokeTokens: () => {
      if (provider instanceof ExpiringTokenProvider) provider.revokeAll();
    },
    expireAccessTokens: () => {
      if (provider instanceof ExpiringTokenProvider) provider.expireAccessTokens();
    },
    refuseEveryToken: () => {
      if (provider instanceof ExpiringTokenProvider) provider.refusing = true;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
