// Several requests can find the access token expired at once (three calls in one round, a call and the
// notification stream). The SDK's transport recovers from a 401 per request, with a flag shared by all of
// them: the first to renew the token sets it, and a second request whose 401 arrives just after is
// failed with "Server returned 401 after successful authentication", while a third refreshes again with
// a refresh token the first already used up. This fetch recovers once per refused token: the first 401
// renews it (the SDK's `auth`), every other request refused the same token waits for that renewal and is
// sent again with the new token. The SDK sees a 401 only when no sign-in ever happened (its own flow
// starts one) and an UnauthorizedError when the renewal needs the person to sign in again.
import {
  auth,
  extractWWWAuthenticateParams,
  UnauthorizedError,
  type OAuthClientProvider,
} from '@modelcontextprotocol/sdk/client/auth.js';

/** How long a finished renewal answers requests refused with the token it replaced. */
const KEPT_MS = 60_000;

/** The renewals under way or just finished, per provider, by the access token that was refused. */
const renewals = new WeakMap<OAuthClientProvider, Map<string, Promise<RenewalResult>>>();

type RenewalResult = Awaited<ReturnType<typeof auth>>;

/** The bearer token a request carries, if any. */
function bearerOf(input: RequestInfo | URL, init: RequestInit | undefined): string | undefined {
  const header =
    new Headers(init?.headers).get('authorization') ??
    (typeof input === 'object' && 'headers' in input ? input.headers.get('authorization') : null);
  return /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1];
}

/** Forgets `key` after KEPT_MS without keeping a Node process alive for it. */
function forgetLater(kept: Map<string, Promise<RenewalResult>>, key: string): void {
  const timer = setTimeout(() => kept.delete(key), KEPT_MS) as { unref?: () => void };
  timer.unref?.();
}

/** The one renewal of `refused`: started by the first request refused with it, joined by the others. */
function renewalOf(
  provider: OAuthClientProvider,
  refused: string,
  start: () => Promise<RenewalResult>,
): Promise<RenewalResult> {
  let kept = renewals.get(provider);
  if (!kept) {
    kept = new Map();
    renewals.set(provider, kept);
  }
  const running = kept.get(refused);
  if (running) return running;
  const renewal = start();
  kept.set(refused, renewal);
  const byToken = kept;
  renewal.then(
    () => forgetLater(byToken, refused),
    () => byToken.delete(refused),
  );
  return renewal;
}

/**
 * Wraps a server's fetch so that requests refused with the same expired token share one renewal and are
 * sent again with the new token.
 */
export function sharedTokenRecovery(
  serverUrl: URL,
  provider: OAuthClientProvider,
  base: typeof fetch,
): typeof fetch {
  return async (input, init) => {
    const response = await base(input, init);
    const used = response.status === 401 ? bearerOf(input, init) : undefined;
    if (used === undefined) return response;
    const result = await renewalOf(provider, used, async () => {
      // Renewed already (by a request whose renewal finished before this one was refused).
      if ((await provider.tokens())?.access_token !== used) return 'AUTHORIZED';
      const { resourceMetadataUrl, scope } = extractWWWAuthenticateParams(response);
      return auth(provider, {
        serverUrl,
        ...(resourceMetadataUrl ? { resourceMetadataUrl } : {}),
        ...(scope ? { scope } : {}),
        fetchFn: base,
      });
    });
    const current = (await provider.tokens())?.access_token;
    if (result === 'AUTHORIZED' && current && current !== used) {
      await response.body?.cancel().catch(() => {});
      const headers = new Headers(init?.headers);
      headers.set('authorization', `Bearer ${current}`);
      return base(input, { ...init, headers });
    }
    await response.body?.cancel().catch(() => {});
    // The renewal was refused and a new sign-in began (the provider shows its URL): as the SDK would.
    throw new UnauthorizedError('The server no longer accepts the sign-in; sign in again.');
  };
}
