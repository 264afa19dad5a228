// The bridge signs in to a server that asks for OAuth (`--oauth`), against an MCP server on loopback built
// from the SDK's own auth router (test/servers/oauth-mcp-server.ts): it prints the authorization URL,
// which is followed here with plain HTTP as a person's browser would (the authorization server approves
// at once and redirects to the bridge's loopback callback); until then the page's calls are told to sign
// in; after it, the page's calls reach the server with the token. An expired access token is refreshed,
// and a token file (mode 0600) lets a restarted bridge go on without a new sign-in. A page whose hub was
// open before the sign-in connects by itself once it is done.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { startMcpBridge, type McpBridge } from '../../../src/mcp/node/start-mcp-bridge';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { MemoryStorage } from '../../memory-storage';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../servers/oauth-mcp-server';

const signal = new AbortController().signal;

describe('the MCP bridge with --oauth', () => {
  let server: OAuthMcpServer | undefined;
  const bridges: McpBridge[] = [];
  const hubs: McpHub[] = [];
  let directory: string | undefined;
  afterEach(async () => {
    for (const hub of hubs.splice(0)) await hub.close();
    for (const bridge of bridges.splice(0)) await bridge.stop();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
    server = undefined;
    directory = undefined;
  });

  /** Starts a bridge with --oauth in front of the test server; its log lines are kept. */
  async function startBridge(tokenFile?: string): Promise<{ bridge: McpBridge; log: string[] }> {
    const log: string[] = [];
    const bridge = await startMcpBridge({
      target: { kind: 'http', url: server!.url, transport: 'streamable-http' },
      port: 0,
      oauth: tokenFile ? { tokenFile } : {},
      onLog: (line) => log.push(line),
    });
    bridges.push(bridge);
    return { bridge, log };
  }

  /** The authorization URL the bridge printed (on its own line, indented). */
  function printedUrl(log: string[]): string | undefined {
    return log.join('\n').match(/asks you to sign in[^\n]*\n {2}(http\S+)/)?.[1];
  }

  /**
   * Opens the printed URL as a browser would: the authorization server redirects to the bridge. Returns
   * what the browser shows, and the callback URL it was sent to.
   */
  async function signIn(url: string): Promise<string> {
    return (await signInAt(url)).text;
  }

  async function signInAt(url: string): Promise<{ text: string; callback: string }> {
    const approved = await fetch(url, { redirect: 'manual' });
    expect(approved.status).toBe(302);
    const callback = approved.headers.get('location')!;
    expect(callback).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback\?code=/);
    const back = await fetch(callback);
    const text = await back.text();
    expect(back.status, text).toBe(200);
    return { text, callback };
  }

  /** The page's MCP client, connected to the bridge, and its tools. */
  async function connectHub(url: string): Promise<{ hub: McpHub; registry: ToolRegistry }> {
    const registry = new ToolRegistry();
    const hub = new McpHub({
      registry,
      retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 },
      reconnect: { attempts: 200, baseDelayMs: 50, maxDelayMs: 100 },
    });
    hubs.push(hub);
    hub.addServer({ id: 'warehouse', url, transport: 'streamable-http' });
    await hub.connect('warehouse');
    return { hub, registry };
  }

  async function whoami(registry: ToolRegistry) {
    return registry.execute(
      { id: String(Math.random()), name: 'whoami', arguments: {} },
      { signal, timeoutMs: 10_000 },
    );
  }

  /** Waits (briefly) until the bridge has reached the server after the sign-in. */
  async function untilConnected(bridge: McpBridge): Promise<void> {
    for (let waited = 0; bridge.identity.title !== 'Test warehouse'; waited += 20) {
      if (waited > 5000) throw new Error('the bridge did not reach the server after the sign-in');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  it('prints the sign-in URL, tells the page to sign in meanwhile, and calls the tool once signed in', async () => {
    server = await startOAuthMcpServer();
    const { bridge, log } = await startBridge();
    const url = printedUrl(log);
    expect(url, log.join('\n')).toMatch(/\/authorize\?/);
    expect(new URL(url!).searchParams.get('code_challenge_method')).toBe('S256');
    expect(new URL(url!).searchParams.get('redirect_uri')).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/callback$/,
    );

    // Before the sign-in: the page's connection gets the sentence at once, not a wait.
    const started = Date.now();
    const before = await connectHub(bridge.url);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(before.hub.servers()[0]?.status).not.toBe('connected');
    expect(before.hub.servers()[0]?.lastError).toMatch(
      /^The bridge is waiting for you to sign in to http:\/\/127\.0\.0\.1:\d+\/mcp: open the URL it printed/,
    );
    expect(before.hub.servers()[0]?.lastError).not.toMatch(/Start that server/);
    // Only one URL was printed: a call while waiting does not start another sign-in.
    expect(log.filter((line) => line.includes('asks you to sign in'))).toHaveLength(1);

    expect(await signIn(url!)).toMatch(/^Signed in to /);
    await untilConnected(bridge);
    expect(server.registrations).toEqual([[new URL(url!).searchParams.get('redirect_uri')]]);

    const { registry } = await connectHub(bridge.url);
    const answer = await whoami(registry);
    expect(answer.isError, answer.content).toBeFalsy();
    expect(answer.content).toMatch(/^signed in as [0-9a-f-]{36}$/);
    expect(server.mcpRequests.some((request) => request.authorized)).toBe(true);
  }, 30_000);

  it('reconnects a page opened before the sign-in by itself, and three calls after expiry share one refresh', async () => {
    server = await startOAuthMcpServer({ accessTokenSeconds: 600 });
    const { bridge, log } = await startBridge();
    // The normal order: the page is open (as a page's hub is, able to sign in itself) before the person
    // signs in at the URL the bridge printed.
    const registry = new ToolRegistry();
    const hub = new McpHub({
      registry,
      oauth: {
        baseUrl: 'http://127.0.0.1:4173/',
        sessionStorage: new MemoryStorage(),
        localStorage: new MemoryStorage(),
      },
    });
    hubs.push(hub);
    hub.addServer({ id: 'warehouse', url: bridge.url, transport: 'streamable-http' });
    await hub.connect('warehouse');
    expect(hub.servers()[0]?.status).toBe('error');
    expect(hub.servers()[0]?.lastError).toMatch(/^The bridge is waiting for you to sign in/);

    // The bridge tells the page's session once the person signed in: no Reconnect, no other wake-up.
    const connected = new Promise<void>((resolve) =>
      hub.onStatus((event) => event.status === 'connected' && resolve()),
    );
    expect(await signIn(printedUrl(log)!)).toMatch(/^Signed in to /);
    await connected;
    expect((await whoami(registry)).content).toMatch(/^signed in as /);

    server.expireAccessTokens();
    const refreshed = server.counts.refreshes;
    const together = await Promise.all([whoami(registry), whoami(registry), whoami(registry)]);
    for (const result of together) {
      expect(result.isError, result.content).toBeFalsy();
      expect(result.content).toMatch(/^signed in as /);
    }
    expect(server.counts.refreshes - refreshed).toBe(1);
    expect(server.counts.authorizations).toBe(1);
    expect(log.filter((line) => line.includes('asks you to sign in'))).toHaveLength(1);
  }, 30_000);

  it('refreshes an expired access token and the call still works, with no new sign-in', async () => {
    server = await startOAuthMcpServer({ accessTokenSeconds: 1 });
    const { bridge, log } = await startBridge();
    await signIn(printedUrl(log)!);
    await untilConnected(bridge);
    const { registry } = await connectHub(bridge.url);
    expect((await whoami(registry)).content).toMatch(/^signed in as /);
    // On a loaded machine the first call may already have needed a refresh: count from here.
    const refreshed = server.counts.refreshes;

    await new Promise((resolve) => setTimeout(resolve, 1300));
    const answer = await whoami(registry);
    expect(answer.isError, answer.content).toBeFalsy();
    expect(answer.content).toMatch(/^signed in as /);
    expect(server.counts.refreshes).toBeGreaterThan(refreshed);
    expect(server.counts.authorizations).toBe(1);

    // Several calls that find the token expired at once: each refresh is used once (the server rotates
    // them), and none of the calls is sent to sign in again.
    await new Promise((resolve) => setTimeout(resolve, 1300));
    const together = await Promise.all([whoami(registry), whoami(registry), whoami(registry)]);
    for (const result of together) expect(result.isError, result.content).toBeFalsy();
    expect(server.counts.authorizations).toBe(1);
    expect(log.filter((line) => line.includes('asks you to sign in'))).toHaveLength(1);
  }, 30_000);

  it('prints a new URL when the refresh is refused, tells the page to sign in, and works after it', async () => {
    server = await startOAuthMcpServer({ accessTokenSeconds: 60 });
    const { bridge, log } = await startBridge();
    await signIn(printedUrl(log)!);
    await untilConnected(bridge);
    const { hub, registry } = await connectHub(bridge.url);
    expect((await whoami(registry)).content).toMatch(/^signed in as /);

    server.revokeTokens();
    const refused = await whoami(registry);
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(
      /^warehouse cannot be used until the person signs in: the bridge is waiting for you to sign in/,
    );
    const urls = log.join('\n').match(/asks you to sign in[^\n]*\n {2}http\S+/g) ?? [];
    expect(urls).toHaveLength(2);

    await signIn(printedUrl([urls[1]!])!);
    for (let waited = 0; hub.servers()[0]?.status !== 'connected'; waited += 20) {
      if (waited > 10_000) throw new Error(`not connected again: ${hub.servers()[0]?.lastError}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const answer = await whoami(registry);
    expect(answer.isError, answer.content).toBeFalsy();
    expect(server.counts.authorizations).toBe(2);
  }, 30_000);

  it('a token refused right after it was renewed sends the person to sign in again, never a raw 401', async () => {
    server = await startOAuthMcpServer({ accessTokenSeconds: 600 });
    const { bridge, log } = await startBridge();
    await signIn(printedUrl(log)!);
    await untilConnected(bridge);
    const { registry } = await connectHub(bridge.url);
    expect((await whoami(registry)).content).toMatch(/^signed in as /);

    server.refuseEveryToken();
    const refused = await whoami(registry);
    expect(refused.isError).toBe(true);
    expect(refused.content).not.toMatch(/after successful authentication|HTTP 401/);
    expect(refused.content).toMatch(
      /^warehouse cannot be used until the person signs in: the bridge is waiting for you to sign in/,
    );
    expect(log.filter((line) => line.includes('asks you to sign in'))).toHaveLength(2);
  }, 30_000);

  it('keeps the sign-in in a token file only its owner can read, and a restarted bridge reuses it', async () => {
    server = await startOAuthMcpServer({ accessTokenSeconds: 60 });
    directory = await mkdtemp(join(tmpdir(), 'bridge-oauth-'));
    const tokenFile = join(directory, 'warehouse-token.json');
    const first = await startBridge(tokenFile);
    const { callback } = await signInAt(printedUrl(first.log)!);
    await untilConnected(first.bridge);
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
    // The same redirect a second time finishes nothing: its state was used up.
    const replayed = await fetch(callback);
    expect(replayed.status).toBe(400);
    expect(await replayed.text()).toMatch(/not the sign-in the bridge is waiting for/);
    // The bridge never prints the tokens it keeps.
    const kept = JSON.parse(await readFile(tokenFile, 'utf8')) as {
      tokens: { access_token: string; refresh_token: string };
    };
    expect(first.log.join('\n')).not.toContain(kept.tokens.access_token);
    expect(first.log.join('\n')).not.toContain(kept.tokens.refresh_token);
    await first.bridge.stop();
    bridges.splice(bridges.indexOf(first.bridge), 1);

    const second = await startBridge(tokenFile);
    expect(printedUrl(second.log), second.log.join('\n')).toBeUndefined();
    expect(second.bridge.identity.title).toBe('Test warehouse');
    const { registry } = await connectHub(second.bridge.url);
    const answer = await whoami(registry);
    expect(answer.isError, answer.content).toBeFalsy();
    expect(answer.content).toMatch(/^signed in as /);
    expect(server.counts.authorizations).toBe(1);
    expect(server.registrations).toHaveLength(1);
    expect((await stat(tokenFile)).mode & 0o777).toBe(0o600);
  }, 30_000);
});
