// A page's hub signed in to an OAuth MCP server on loopback (test/servers/oauth-mcp-server.ts, built from
// the SDK's auth router and demo provider, with refresh tokens rotated on each use, whose access tokens
// the test expires at once): calls that find the token expired together share one refresh and all succeed,
// and a token the server no longer takes reads as a sentence that says to sign in again.
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { MemoryStorage } from '../../memory-storage';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../servers/oauth-mcp-server';

const signal = new AbortController().signal;
let warehouse: OAuthMcpServer | undefined;
const hubs: McpHub[] = [];

afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
  await warehouse?.stop();
  warehouse = undefined;
});

/** A page's hub, signed in to the warehouse as the person would (the server approves at once). */
async function signedInHub(
  server: OAuthMcpServer,
): Promise<{ hub: McpHub; registry: ToolRegistry }> {
  const registry = new ToolRegistry();
  const hub = new McpHub({
    registry,
    retry: { attempts: 1 },
    oauth: {
      baseUrl: 'http://127.0.0.1:4173/',
      sessionStorage: new MemoryStorage(),
      localStorage: new MemoryStorage(),
    },
  });
  hubs.push(hub);
  hub.addServer({ id: 'warehouse', url: server.url, transport: 'streamable-http' });
  const [state] = await hub.ready('warehouse');
  const approved = await fetch(state?.signIn?.url ?? '', { redirect: 'manual' });
  const back = new URL(approved.headers.get('location') ?? '');
  await hub.completeSignIn({
    type: 'mapwright-oauth-callback',
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
  });
  expect(hub.servers()[0]?.status).toBe('connected');
  return { hub, registry };
}

function whoami(registry: ToolRegistry) {
  return registry.execute(
    { id: String(Math.random()), name: 'whoami', arguments: {} },
    { signal, timeoutMs: 10_000 },
  );
}

describe('a page signed in with OAuth, when the access token expires', () => {
  it('shares one refresh among three calls made together, and all three succeed', async () => {
    warehouse = await startOAuthMcpServer({ accessTokenSeconds: 600 });
    const { registry } = await signedInHub(warehouse);
    warehouse.expireAccessTokens();
    const refreshed = warehouse.counts.refreshes;

    const together = await Promise.all([whoami(registry), whoami(registry), whoami(registry)]);
    for (const result of together) {
      expect(result.isError, result.content).toBeFalsy();
      expect(result.content).toMatch(/^signed in as /);
    }
    expect(warehouse.counts.refreshes - refreshed).toBe(1);
    expect(warehouse.counts.authorizations).toBe(1);
  }, 30_000);

  it('says to sign in again when the server revoked the sign-in, never a raw 401', async () => {
    warehouse = await startOAuthMcpServer({ accessTokenSeconds: 600 });
    const { hub, registry } = await signedInHub(warehouse);
    warehouse.revokeTokens();

    const together = await Promise.all([whoami(registry), whoami(registry), whoami(registry)]);
    for (const result of together) {
      expect(result.isError).toBe(true);
      expect(result.content).not.toMatch(/401|after successful authentication/);
      expect(result.content).toMatch(/sign in again/i);
    }
    expect(together[0]?.content).toMatch(
      /^warehouse no longer accepts the person's sign-in \(it was revoked or has expired\)\. Ask the person to sign in again/,
    );
    const [state] = hub.servers();
    expect(state?.status).toBe('error');
    expect(state?.lastError).toBe('warehouse no longer accepts your sign-in; sign in again.');
    expect(state?.signIn?.url).toMatch(/\/authorize\?/);
  }, 30_000);

  it('says to sign in again when the server refuses even a renewed token, never a raw 401', async () => {
    warehouse = await startOAuthMcpServer({ accessTokenSeconds: 600 });
    const { registry } = await signedInHub(warehouse);
    warehouse.refuseEveryToken();

    const refused = await whoami(registry);
    expect(refused.isError).toBe(true);
    expect(refused.content).not.toMatch(/after successful authentication|HTTP 401/);
    expect(refused.content).toBe(
      'warehouse refused the call to whoami: it does not accept the sign-in or token it was sent. ' +
        'Ask the person to sign in again from Settings (MCP servers), or to check the token in its ' +
        'headers, then ask again.',
    );
  }, 30_000);
});
