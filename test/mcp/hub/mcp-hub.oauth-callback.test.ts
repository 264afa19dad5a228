// The sign-in callback against a real OAuth MCP server on loopback (test/servers/oauth-mcp-server.ts):
// a callback is accepted only with the state this tab waits for, once, within the time limit, and an
// error uses the state up as a success does.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { SIGN_IN_TIME_LIMIT_MS } from '../../../src/mcp/sign-in/browser-oauth-provider';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { MemoryStorage } from '../../memory-storage';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../servers/oauth-mcp-server';

let warehouse: OAuthMcpServer;
const hubs: McpHub[] = [];

beforeAll(async () => {
  warehouse = await startOAuthMcpServer();
});
afterEach(async () => {
  await Promise.all(hubs.splice(0).map((hub) => hub.close()));
});
afterAll(async () => {
  await warehouse.stop();
});

/** A page's hub with the warehouse added; `now` is its clock. */
function pageHub(
  storage = { session: new MemoryStorage(), local: new MemoryStorage() },
  now = () => Date.now(),
) {
  const hub = new McpHub({
    registry: new ToolRegistry(),
    retry: { attempts: 1 },
    oauth: {
      baseUrl: 'http://127.0.0.1:4173/',
      sessionStorage: storage.session,
      localStorage: storage.local,
      now,
    },
  });
  hubs.push(hub);
  hub.addServer({ id: 'warehouse', url: warehouse.url, transport: 'streamable-http' });
  return hub;
}

/** The sign-in URL the hub offers, once the server asked for it. */
async function signInUrl(hub: McpHub): Promise<URL> {
  const [state] = await hub.ready('warehouse');
  if (!state?.signIn?.url) throw new Error('no sign-in offered');
  return new URL(state.signIn.url);
}

/** What the authorization server sends back to the callback page (it approves at once). */
async function authorize(url: URL): Promise<{ code: string; state: string }> {
  const response = await fetch(url, { redirect: 'manual' });
  const back = new URL(response.headers.get('location') ?? '');
  return { code: back.searchParams.get('code') ?? '', state: back.searchParams.get('state') ?? '' };
}

const callback = (fields: { code?: string; state?: string; error?: string }) => ({
  type: 'mapwright-oauth-callback' as const,
  ...fields,
});

const status = (hub: McpHub) => hub.servers()[0]?.status;

describe('the sign-in callback', () => {
  it('finishes the sign-in once; the same callback again matches nothing', async () => {
    const hub = pageHub();
    const back = await authorize(await signInUrl(hub));
    expect(await hub.completeSignIn(callback(back))).toBe('warehouse');
    expect(status(hub)).toBe('connected');
    expect(await hub.completeSignIn(callback(back))).toBeUndefined();
  });

  it('is used up by an error: a code sent after it with the same state is refused', async () => {
    const hub = pageHub();
    const back = await authorize(await signInUrl(hub));
    expect(await hub.completeSignIn(callback({ state: back.state, error: 'access_denied' }))).toBe(
      'warehouse',
    );
    expect(hub.servers()[0]?.lastError).toMatch(/did not finish: access_denied/);
    expect(await hub.completeSignIn(callback(back))).toBeUndefined();
    expect(status(hub)).not.toBe('connected');
  });

  it('is refused after the time limit', async () => {
    let now = Date.now();
    const hub = pageHub(undefined, () => now);
    const back = await authorize(await signInUrl(hub));
    now += SIGN_IN_TIME_LIMIT_MS + 1;
    expect(await hub.completeSignIn(callback(back))).toBeUndefined();
    expect(status(hub)).not.toBe('connected');
  });

  it('is refused by a tab that did not start the sign-in, even sharing its storage', async () => {
    const storage = { session: new MemoryStorage(), local: new MemoryStorage() };
    const starter = pageHub(storage);
    const back = await authorize(await signInUrl(starter));
    const other = pageHub(storage);
    await other.ready('warehouse');
    expect(await other.completeSignIn(callback(back))).toBeUndefined();
    expect(await starter.completeSignIn(callback(back))).toBe('warehouse');
  });

  it('needs a state: a code alone finishes nothing', async () => {
    const hub = pageHub();
    const { code } = await authorize(await signInUrl(hub));
    expect(await hub.completeSignIn(callback({ code }))).toBeUndefined();
  });
});
