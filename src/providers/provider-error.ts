// The one error type every adapter throws: the agent reads its duck-typed fields to decide on a retry.
import type { ModelErrorFields } from '../agent/types';
import type { ProviderKind } from '../config/app-config';

/** Which adapter raised the error. */
export type ProviderName = ProviderKind;

/** What a ProviderError is built from. */
export interface ProviderErrorDetails extends ModelErrorFields {
  provider: ProviderName;
  /** The provider's own words, parsed from its JSON error body or stream error event. */
  providerMessage?: string;
  /** True when the stream ended without its final marker; the text received so far was already yielded. */
  interrupted?: boolean;
  /** True when the page's Content-Security-Policy refused the request before it was sent. */
  blockedByPolicy?: boolean;
  /** True when the request failed while the browser said it had no network. */
  offline?: boolean;
  cause?: unknown;
}

/** A failed model call: HTTP status, the provider's message, and whether trying again may help. */
export class ProviderError extends Error implements ModelErrorFields {
  override readonly name = 'ProviderError';
  readonly provider: ProviderName;
  readonly status?: number;
  readonly retryable: boolean;
  readonly retryAfterMs?: number;
  readonly providerMessage?: string;
  readonly interrupted: boolean;
  readonly endpoint?: string;
  readonly blockedByPolicy: boolean;
  readonly offline: boolean;

  constructor(message: string, details: ProviderErrorDetails) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.provider = details.provider;
    if (details.status !== undefined) this.status = details.status;
    this.retryable = details.retryable ?? false;
    if (details.retryAfterMs !== undefined) this.retryAfterMs = details.retryAfterMs;
    if (details.providerMessage !== undefined) this.providerMessage = details.providerMessage;
    this.interrupted = details.interrupted ?? false;
    if (details.endpoint !== undefined) this.endpoint = details.endpoint;
    this.blockedByPolicy = details.blockedByPolicy ?? false;
    this.offline = details.offline ?? false;
  }
}
