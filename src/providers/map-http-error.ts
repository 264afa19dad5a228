// Turns failed HTTP responses, unreachable endpoints and stream error events into ProviderError.
import { ProviderError, type ProviderName } from './provider-error';

/** HTTP statuses worth retrying: rate limits, server failures, Anthropic's 529 "overloaded". */
export const retryableStatuses: ReadonlySet<number> = new Set([408, 429, 500, 502, 503, 504, 529]);

const providerLabels: Record<ProviderName, string> = {
  'openai-compatible': 'The model server',
  anthropic: 'Anthropic',
  gemini: 'Gemini',
  'bedrock-converse': 'Amazon Bedrock',
};

/** Milliseconds to wait from a Retry-After header: delay-seconds or an HTTP date. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}

/**
 * The provider's message from an error body. OpenAI-compatible servers send `{error: {message}}` (some
 * `{error: "text"}` or `{message}`), Anthropic `{type: "error", error: {type, message}}`, Gemini
 * `{error: {code, message, status}}`, sometimes wrapped in an array.
 */
export function readProviderMessage(body: unknown): string | undefined {
  const value = Array.isArray(body) ? (body[0] as unknown) : body;
  if (typeof value !== 'object' || value === null) return undefined;
  const record = value as Record<string, unknown>;
  const error = record.error;
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as Record<string, unknown>).message;
    if (typeof message === 'string') return message;
  }
  if (typeof record.message === 'string') return record.message;
  if (typeof record.detail === 'string') return record.detail;
  return undefined;
}

/** True for error kinds that say "try again later" in words rather than with a status. */
export function looksTransient(text: string): boolean {
  return /overload|rate.?limit|server_error|unavailable|resource_exhausted|timeout|internal/i.test(
    text,
  );
}

/** A ProviderError from a non-2xx response; reads the body for the provider's own message. */
export async function errorFromResponse(
  provider: ProviderName,
  endpoint: string,
  response: Response,
): Promise<ProviderError> {
  const bodyText = await response.text().catch(() => '');
  let providerMessage: string | undefined;
  try {
    providerMessage = readProviderMessage(JSON.parse(bodyText));
  } catch {
    providerMessage = bodyText.trim().slice(0, 300) || undefined;
  }
  const status = response.status;
  const label = providerLabels[provider];
  const said = providerMessage ? `: ${providerMessage}` : '';
  let message: string;
  if (status === 401 || status === 403) {
    message = `${label} refused the API key (HTTP ${status})${said}. Check the API key in Settings.`;
  } else if (status === 429) {
    message = `${label} is rate limiting requests (HTTP 429)${said}. Wait a moment and try again.`;
  } else if (status === 404) {
    message = `${label} has no such model or endpoint (HTTP 404 from ${endpoint})${said}. Check the model name and the endpoint URL.`;
  } else if (retryableStatuses.has(status)) {
    message = `${label} is unavailable or overloaded (HTTP ${status})${said}. Try again shortly.`;
  } else {
    message = `${label} rejected the request (HTTP ${status})${said}.`;
  }
  const retryAfterMs = parseRetryAfter(response.headers.get('retry-after'));
  return new ProviderError(message, {
    provider,
    endpoint: describeEndpoint(endpoint),
    status,
    retryable: retryableStatuses.has(status),
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    ...(providerMessage === undefined ? {} : { providerMessage }),
  });
}

/** The endpoint without its query string, to name it in a message. */
export function describeEndpoint(endpoint: string): string {
  try {
    const url = new URL(endpoint);
    return `${url.origin}${url.pathname}`;
  } catch {
    return endpoint;
  }
}

/**
 * A ProviderError for a fetch that threw: the endpoint is down, wrong, or blocked by CORS, or (when the
 * injected fetch marked its error `blockedByPolicy` or `offline`) refused by the page's
 * Content-Security-Policy, or sent while the browser had no network.
 */
export function errorFromFetchFailure(
  provider: ProviderName,
  endpoint: string,
  cause: unknown,
): ProviderError {
  const where = describeEndpoint(endpoint);
  const blocked =
    typeof cause === 'object' &&
    cause !== null &&
    (cause as { blockedByPolicy?: unknown }).blockedByPolicy === true;
  if (blocked) {
    return new ProviderError(
      `This page's Content-Security-Policy does not allow connections to ${where}; the browser refused the request before sending it.`,
      { provider, endpoint: where, blockedByPolicy: true, cause },
    );
  }
  const offline =
    typeof cause === 'object' &&
    cause !== null &&
    (cause as { offline?: unknown }).offline === true;
  if (offline) {
    return new ProviderError(
      `This device is offline: the request to ${where} could not leave the browser. Reconnect, then try again.`,
      { provider, endpoint: where, retryable: true, offline: true, cause },
    );
  }
  return new ProviderError(
    `Cannot reach ${where} from this browser: the server may be down, the address wrong, or it does not ` +
      `allow requests from this page (CORS). Check the endpoint URL and that the server is running and ` +
      `allows this origin.`,
    { provider, endpoint: where, retryable: true, cause },
  );
}

/** A ProviderError for a stream that ended before the provider's end marker. */
export function interruptedError(provider: ProviderName, cause?: unknown): ProviderError {
  return new ProviderError(
    `${providerLabels[provider]} stopped streaming before the answer was complete; the text so far was kept. Try again.`,
    { provider, retryable: true, interrupted: true, cause },
  );
}

/** A ProviderError for an error event sent inside a stream that had started well. */
export function streamErrorEvent(
  provider: ProviderName,
  providerMessage: string,
  details: { status?: number; kind?: string; retryable?: boolean } = {},
): ProviderError {
  const retryable =
    details.retryable === true ||
    (details.status !== undefined && retryableStatuses.has(details.status)) ||
    looksTransient(`${details.kind ?? ''} ${providerMessage}`);
  return new ProviderError(
    `${providerLabels[provider]} reported an error while answering: ${providerMessage}.${retryable ? ' Try again shortly.' : ''}`,
    {
      provider,
      retryable,
      providerMessage,
      ...(details.status === undefined ? {} : { status: details.status }),
    },
  );
}
