// The fetch an MCP server's transport uses. A request that carries the server's token (an Authorization
// header other than Basic, which the SDK uses only for the authorization server's token endpoint) goes to
// the server it was given for and nowhere else: the same origin, a path within the server URL's
// directory (the protection space HTTP gives a credential, RFC 7617 section 2.2), no user info in the
// URL, and no redirect followed, since a redirect would carry it on to an address nobody checked.

/** Thrown when a request carrying the token would leave the server it was given for. */
export class TokenDestinationError extends Error {
  override readonly name = 'TokenDestinationError';
}

function requestUrl(input: RequestInfo | URL): URL {
  if (input instanceof URL) return input;
  return new URL(typeof input === 'string' ? input : input.url);
}

function authorizationOf(input: RequestInfo | URL, init: RequestInit | undefined): string | null {
  const fromInit = new Headers(init?.headers).get('authorization');
  if (fromInit !== null) return fromInit;
  return typeof input === 'object' && 'headers' in input
    ? input.headers.get('authorization')
    : null;
}

/** The directory of the server URL: `/api/mcp` → `/api/`. */
function protectionSpace(serverUrl: URL): string {
  return serverUrl.pathname.slice(0, serverUrl.pathname.lastIndexOf('/') + 1);
}

/**
 * A fetch that sends a request carrying a token only to `serverUrl`'s origin and directory, refuses a URL
 * with user info, and fails on a redirect instead of following it. Other requests pass unchanged.
 */
export function tokenBoundFetch(
  serverUrl: URL,
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  return (input, init) => {
    const authorization = authorizationOf(input, init);
    if (authorization === null || /^basic\s/i.test(authorization)) return base(input, init);
    const target = requestUrl(input);
    const refusal =
      serverUrl.username || serverUrl.password || target.username || target.password
        ? 'a server address with a user name or password in it is refused'
        : target.origin !== serverUrl.origin ||
            !target.pathname.startsWith(protectionSpace(serverUrl))
          ? `the token is for ${serverUrl.origin}${protectionSpace(serverUrl)} only`
          : undefined;
    if (refusal) {
      return Promise.reject(
        new TokenDestinationError(
          `A request with the server's token to ${target.origin}${target.pathname} was not sent: ${refusal}.`,
        ),
      );
    }
    return base(input, { ...init, redirect: 'error' });
  };
}
