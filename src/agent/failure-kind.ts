// What kind of failure a model call met, read from the fields a provider's error carries (status,
// endpoint, the provider's own words) so the chat can say what happened and what to do about it.

/** Every kind of model failure the chat explains in its own words. */
export const FAILURE_KINDS = [
  'auth',
  'not-found',
  'rate-limit',
  'overloaded',
  'network',
  'offline',
  'blocked-by-policy',
  'timeout',
  'bad-response',
  'context-too-long',
  'interrupted',
  'unknown',
] as const;

/** One kind of failure. */
export type FailureKind = (typeof FAILURE_KINDS)[number];

/** Words providers use when a request does not fit the model's context window. */
const CONTEXT_TOO_LONG =
  /context[ _-]?length|context[ _-]?window|maximum context|too many tokens|prompt is too long|input is too long|exceeds? the (?:maximum|max)|token limit|request too large/i;
const TIMEOUT = /timed? ?out|timeout|deadline exceeded/i;
const OVERLOADED = /overload|unavailable|server_error|resource_exhausted/i;
const RATE_LIMIT = /rate[ _-]?limit|too many requests/i;
const NETWORK =
  /fetch failed|failed to fetch|networkerror|network error|load failed|econnreset|econnrefused|socket hang up|cannot reach/i;

/** The kind of a failure from what its error carries; `unknown` when nothing says more. */
export function failureKindOf(error: unknown): FailureKind {
  if (typeof error !== 'object' || error === null) return 'unknown';
  // Duck-typed like the retry rules (ModelErrorFields): the agent never imports a provider.
  const fields = error as {
    status?: unknown;
    message?: unknown;
    providerMessage?: unknown;
    interrupted?: unknown;
    blockedByPolicy?: unknown;
    offline?: unknown;
  };
  const message = `${typeof fields.providerMessage === 'string' ? fields.providerMessage : ''} ${
    typeof fields.message === 'string' ? fields.message : ''
  }`;
  if (fields.blockedByPolicy === true) return 'blocked-by-policy';
  if (fields.offline === true) return 'offline';
  if (fields.interrupted === true) return 'interrupted';
  const status = typeof fields.status === 'number' ? fields.status : undefined;
  if (status === 401 || status === 403) return 'auth';
  if (status === 413 || CONTEXT_TOO_LONG.test(message)) return 'context-too-long';
  if (status === 404) return 'not-found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 429 || RATE_LIMIT.test(message)) return 'rate-limit';
  if (status !== undefined && (status >= 500 || status === 529)) return 'overloaded';
  if (status !== undefined && status >= 400) return 'bad-response';
  if (NETWORK.test(message) || error instanceof TypeError) return 'network';
  if (TIMEOUT.test(message)) return 'timeout';
  if (OVERLOADED.test(message)) return 'overloaded';
  return 'unknown';
}
