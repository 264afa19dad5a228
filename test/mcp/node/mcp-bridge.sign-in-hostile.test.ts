// The bridge's sign-in against what another page or a planted file can do: any page can send the
// person's browser to the bridge's loopback callback (a plain <img>), so a callback without the state of
// the printed URL, an error callback included, ends no sign-in and prints nothing; an error the
// authorization server did send prints as one line of text, with no escape sequence or control
// character; and the token file is written through a file the bridge creates itself, so a symlink
// planted where the old predictable temporary name was does not receive the tokens.
import { lstat, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMcpBridge, type McpBridge } from '../../../src/mcp/node/start-mcp-bridge';
import { startOAuthMcpServer, type OAuthMcpServer } from '../../servers/oauth-mcp-server';

const hostileText =
  'access_denied\u001b[2J\u001b]0;pwned\u0007\r\nOpen this URL in a browser:\n  https://evil.example/\u009b31m';

describe('the bridge sign-in against a hostile page or file', () => {
  let server: OAuthMcpServer | undefined;
  let bridge: McpBridge | undefined;
  let directory: string | undefined;
  afterEach(async () => {
    await bridge?.stop();
    await server?.stop();
    if (directory) await rm(directory, { recursive: true, force: true });
    server = bridge = directory = undefined;
  });

  async function startBridge(tokenFile?: string): Promise<{ log: string[]; url: URL }> {
    server = await startOAuthMcpServer();
    const log: string[] = [];
    bridge = await startMcpBridge({
      target: { kind: 'http', url: server.url, transport: 'streamable-http' },
      port: 0,
      oauth: tokenFile ? { tokenFile } : {},
      onLog: (line) => log.push(line),
    });
    const printed = log.join('\n').match(/asks you to sign in[^\n]*\n {2}(http\S+)/)?.[1];
    expect(printed, log.join('\n')).toBeDefined();
    return { log, url: new URL(printed!) };
  }

  /** The bridge's loopback callback, from the redirect_uri of the URL it printed. */
  function callbackOf(url: URL): string {
    return url.searchParams.get('redirect_uri')!;
  }

  /** Follows the printed URL as the person's browser would, to the end of the sign-in. */
  async function signIn(url: URL): Promise<Response> {
    const approved = await fetch(url, { redirect: 'manual' });
    return fetch(approved.headers.get('location')!);
  }

  it('refuses an error callback without the state, prints nothing from it, and the sign-in goes on', async () => {
    const { log, url } = await startBridge();
    const printedBefore = log.length;
    const forged = new URL(callbackOf(url));
    forged.searchParams.set('error', hostileText);
    forged.searchParams.set('error_description', 'Open this URL: https://evil.example/');
    const answer = await fetch(forged);
    expect(answer.status).toBe(400);
    expect(await answer.text()).toMatch(/not the sign-in the bridge is waiting for/);
    // With a wrong state, too.
    forged.searchParams.set('state', 'guessed');
    expect((await fetch(forged)).status).toBe(400);
    expect(log.slice(printedBefore)).toEqual([]);
    // The person's sign-in was not cancelled: the URL printed still signs in.
    const signedIn = await signIn(url);
    expect(signedIn.status, await signedIn.clone().text()).toBe(200);
    expect(log.at(-1)).toMatch(/^Signed in to /);
  });

  it('prints an error the authorization server sent (with the state) as one line without control characters', async () => {
    const { log, url } = await startBridge();
    const refused = new URL(callbackOf(url));
    refused.searchParams.set('state', url.searchParams.get('state')!);
    refused.searchParams.set('error', hostileText);
    const answer = await fetch(refused);
    expect(answer.status).toBe(400);
    const line = log.find((entry) => entry.startsWith('Sign-in to '));
    expect(line).toBeDefined();
    expect(line).toContain('access_denied');
    // eslint-disable-next-line no-control-regex -- the point of the test
    expect(line).not.toMatch(/[\u0000-\u0008\u000a-\u001f\u007f-\u009f]/);
    expect(line).not.toContain(']0;pwned');
    expect(line).not.toContain('[2J');
    // The fake instruction stays inside the refused line: it starts no line of its own.
    expect(log.filter((entry) => /^\s*Open this URL/m.test(entry))).toEqual([]);
    // eslint-disable-next-line no-control-regex -- the point of the test
    expect(await answer.text()).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
  });

  it('writes the token file through a file it creates itself: a planted symlink receives nothing', async () => {
    directory = await mkdtemp(join(tmpdir(), 'mapwright-bridge-token-'));
    const tokenFile = join(directory, 'warehouse-token.json');
    const victim = join(directory, 'victim.txt');
    await writeFile(victim, 'the victim file\n', { mode: 0o644 });
    // Where the temporary file used to be (name and pid known to anyone on the machine), and the token
    // file itself: both symlinks to the victim.
    await symlink(victim, `${tokenFile}.${process.pid}.tmp`);
    await symlink(victim, tokenFile);
    const { url } = await startBridge(tokenFile);
    expect((await signIn(url)).status).toBe(200);

    expect(await readFile(victim, 'utf8')).toBe('the victim file\n');
    expect((await stat(victim)).mode & 0o777).toBe(0o644);
    const written = await lstat(tokenFile);
    expect(written.isSymbolicLink()).toBe(false);
    expect(written.mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(tokenFile, 'utf8'))).toMatchObject({
      serverUrl: server!.url,
      tokens: { access_token: expect.any(String) },
    });
  });
});
