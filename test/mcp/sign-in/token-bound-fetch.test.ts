// A server's token goes to that server only: its origin, its URL's directory, no user info, and no
// redirect. Unit cases over a recording fetch, then a real server that redirects within its own origin
// (the SDK follows such a redirect by itself) seen by the page's hub.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { tokenBoundFetch, TokenDestinationError } from '../../../src/mcp/sign-in/token-bound-fetch';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { startLoopbackServer, type LoopbackServer } from '../../servers/loopback';

const bearer = { authorization: 'Bearer tok-123456' };

function recording() {
  const sent: Array<{ url: string; init: RequestInit | undefined }> = [];
  const base: typeof fetch = (input, init) => {
    sent.push({ url: String(input instanceof Request ? input.url : input), init });
    return Promise.resolve(new Response('{}'));
  };
  return { sent, base };
}

describe('tokenBoundFetch', () => {
  const server = new URL('https://w.example/api/mcp');

  it('sends the token to the server URL and its directory, with redirects refused', async () => {
    const { sent, base } = recording();
    const guarded = tokenBoundFetch(server, base);
    await guarded(server, { method: 'POST', headers: bearer, redirect: 'manual' });
    await guarded('https://w.example/api/messages?session=1', { headers: bearer });
    expect(sent.map((request) => [request.url, request.init?.redirect])).toEqual([
      ['https://w.example/api/mcp', 'error'],
      ['https://w.example/api/messages?session=1', 'error'],
    ]);
  });

  it.each([
    ['another origin', 'https://evil.example/api/mcp'],
    ['another port', 'https://w.example:8443/api/mcp'],
    ['plain http', 'http://w.example/api/mcp'],
    ['a path outside the directory', 'https://w.example/other/mcp'],
    ['a sibling that only starts alike', 'https://w.example/api-admin/mcp'],
    ['user info in the URL', 'https://user:pass@w.example/api/mcp'],
  ])('refuses %s, sending nothing', async (_name, target) => {
    const { sent, base } = recording();
    const guarded = tokenBoundFetch(server, base);
    await expect(guarded(target, { headers: new Headers(bearer) })).rejects.toThrow(
      TokenDestinationError,
    );
    // A Request cannot even be built with user info in its URL.
    if (!new URL(target).username) {
      await expect(guarded(new Request(target, { headers: bearer }))).rejects.toThrow(
        /was not sent/,
      );
    }
    expect(sent).toEqual([]);
  });

  it('refuses every token request for a server URL with user info in it', async () => {
    const { sent, base } = recording();
    const guarded = tokenBoundFetch(new URL('https://user:pw@w.example/api/mcp'), base);
    await expect(guarded('https://user:pw@w.example/api/mcp', { headers: bearer })).rejects.toThrow(
      /user name or password/,
    );
    expect(sent).toEqual([]);
  });

  it('leaves requests without a token as they were (discovery, the token endpoint)', async () => {
    const { sent, base } = recording();
    const guarded = tokenBoundFetch(server, base);
    await guarded('https://auth.example/.well-known/oauth-authorization-server');
    await guarded('https://auth.example/token', {
      method: 'POST',
      headers: { authorization: 'Basic Y2xpZW50OnNlY3JldA==' },
    });
    expect(sent.map((request) => [request.url, request.init?.redirect])).toEqual([
      ['https://auth.example/.well-known/oauth-authorization-server', undefined],
      ['https://auth.example/token', undefined],
    ]);
  });
});

describe('a server that redirects a request carrying its token', () => {
  let server: LoopbackServer;
  const seenElsewhere: Array<string | undefined> = [];
  beforeAll(async () => {
    server = await startLoopbackServer((request, response) => {
      if (request.url?.startsWith('/api/mcp')) {
        response.writeHead(307, { location: '/other/mcp' }).end();
        return;
      }
      seenElsewhere.push(request.headers.authorization);
      response.writeHead(404).end();
    });
  });
  afterAll(async () => {
    await server.stop();
  });

  it('is not followed: the token never reaches the redirect target', async () => {
    const hub = new McpHub({ registry: new ToolRegistry(), retry: { attempts: 1 } });
    hub.addServer({
      id: 'redirecting',
      url: `${server.url}/api/mcp`,
      transport: 'streamable-http',
      headers: { Authorization: 'Bearer tok-123456' },
    });
    const [state] = await hub.ready('redirecting');
    await hub.close();
    expect(state?.status).toBe('error');
    expect(seenElsewhere).toEqual([]);
  });
});
