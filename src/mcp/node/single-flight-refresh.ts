// The bridge shares one connection among every page session, so several calls can find the access token
// expired at once, and the SDK then refreshes once per call, each with the same refresh token. An
// authorization server that rotates refresh tokens answers the first and refuses the rest
// (invalid_grant), and the SDK takes a refusal for a revoked grant: it forgets the tokens and asks the
// person to sign in again. This fetch sends a refresh token to the token endpoint once: the requests
// that carry the same one get the same answer.

/** How long an answer to a refresh is kept for requests that carried the same refresh token. */
const KEPT_MS = 60_000;

/** The refresh token a token request carries, if it is a refresh. */
function refreshTokenOf(init: RequestInit | undefined): string | undefined {
  const body = init?.body;
  const form =
    body instanceof URLSearchParams
      ? body
      : typeof body === 'string'
        ? new URLSearchParams(body)
        : undefined;
  if (form?.get('grant_type') !== 'refresh_token') return undefined;
  return form.get('refresh_token') ?? undefined;
}

/** A fetch that sends each refresh token once and hands every request for it a copy of the answer. */
export function singleFlightRefresh(
  base: typeof fetch = (input, init) => globalThis.fetch(input, init),
): typeof fetch {
  const answers = new Map<string, Promise<Response>>();
  return async (input, init) => {
    const refreshToken = refreshTokenOf(init);
    if (refreshToken === undefined) return base(input, init);
    let answer = answers.get(refreshToken);
    if (!answer) {
      answer = base(input, init);
      answers.set(refreshToken, answer);
      const forget = () => setTimeout(() => answers.delete(refreshToken), KEPT_MS).unref();
      answer.then(forget, () => answers.delete(refreshToken));
    }
    // Each caller reads its own copy; the kept original is never read, so it can be copied again.
    return (await answer).clone();
  };
}
