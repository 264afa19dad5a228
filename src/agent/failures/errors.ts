// Errors name who is at fault, so the UI can say what to do next. The base class sets `name`.
import { errorMessage } from '../../errors/error-message';
import { failureKindOf, type FailureKind } from '../failure-kind';
import { redactSecrets } from '../redact/redact';
import { describeFailure } from './failure-description';
import type { AgentErrorInfo, ModelErrorFields } from '../types';

/** Who caused a failure. */
export type FaultOwner = 'model' | 'provider' | 'configuration' | 'limit' | 'tool' | 'library';

/** What a model failure says beyond its message: its kind, HTTP status, endpoint, the provider's words. */
export interface FailureFields {
  kind?: FailureKind;
  status?: number;
  endpoint?: string;
  detail?: string;
}

/** Base class of the agent's errors. */
export abstract class AgentError extends Error {
  /** Who caused the failure. */
  abstract readonly fault: FaultOwner;
  /** True when trying again may succeed. */
  readonly retryable: boolean;
  /** Set for model failures, so the chat can tell them in its own words. */
  readonly failure: FailureFields;

  constructor(
    message: string,
    options: { cause?: unknown; retryable?: boolean; failure?: FailureFields } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    // A bundler renames classes, so `new.target.name` would read "r" in the built page: each class
    // names itself.
    this.name = (new.target as unknown as { errorName?: string }).errorName ?? new.target.name;
    this.retryable = options.retryable ?? false;
    this.failure = options.failure ?? {};
  }
}

/** The model did something the agent cannot use (an empty answer, a malformed stream). */
export class ModelBehaviorError extends AgentError {
  /** The class's name, kept through minification. */
  static readonly errorName = 'ModelBehaviorError';
  override readonly fault = 'model';
}

/** The model provider failed (HTTP error, network failure, overload) after any retries. */
export class ModelProviderError extends AgentError {
  /** The class's name, kept through minification. */
  static readonly errorName = 'ModelProviderError';
  override readonly fault = 'provider';
  /** The HTTP status, when there was one. */
  readonly status: number | undefined;

  constructor(
    message: string,
    options: {
      cause?: unknown;
      retryable?: boolean;
      status?: number;
      failure?: FailureFields;
    } = {},
  ) {
    super(message, options);
    this.status = options.status;
  }
}

/** The caller's configuration or use of the API is wrong (a bad key, a call at the wrong time). */
export class ConfigurationError extends AgentError {
  /** The class's name, kept through minification. */
  static readonly errorName = 'ConfigurationError';
  override readonly fault = 'configuration';
}

/** A tool did not answer within its timeout. */
export class ToolTimeoutError extends AgentError {
  /** The class's name, kept through minification. */
  static readonly errorName = 'ToolTimeoutError';
  override readonly fault = 'tool';
}

/** A bug in Mapwright itself. */
export class InternalError extends AgentError {
  /** The class's name, kept through minification. */
  static readonly errorName = 'InternalError';
  override readonly fault = 'library';
}

/** A serialisable, redacted description of an error, for events and snapshots. */
export function toErrorInfo(error: unknown): AgentErrorInfo {
  const name = error instanceof Error ? error.name : 'Error';
  const info: AgentErrorInfo = { name, message: redactSecrets(errorMessage(error)) };
  if (error instanceof AgentError) {
    info.retryable = error.retryable;
    const { kind, status, endpoint, detail } = error.failure;
    if (kind !== undefined) info.kind = kind;
    if (status !== undefined) info.status = status;
    if (endpoint !== undefined) info.endpoint = redactSecrets(endpoint);
    if (detail !== undefined) info.detail = redactSecrets(detail);
  } else {
    Object.assign(info, failureFieldsOf(error));
    if (info.endpoint !== undefined) info.endpoint = redactSecrets(info.endpoint);
    if (info.detail !== undefined) info.detail = redactSecrets(info.detail);
  }
  return info;
}

/** The kind, status, endpoint and provider's words of what a ChatModel threw. */
function failureFieldsOf(error: unknown): FailureFields {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as ModelErrorFields;
  const failure: FailureFields = { kind: failureKindOf(error) };
  if (typeof fields.status === 'number') failure.status = fields.status;
  if (typeof fields.endpoint === 'string') failure.endpoint = fields.endpoint;
  // The provider's own words; a model that is not one of ours (no ProviderError) has only its message.
  const ownWords =
    typeof fields.providerMessage === 'string'
      ? fields.providerMessage
      : error instanceof Error && error.name !== 'ProviderError' && failure.kind !== 'network'
        ? error.message
        : '';
  if (ownWords.trim() !== '') failure.detail = ownWords.trim().slice(0, 300);
  return failure;
}

/**
 * Wraps what a ChatModel threw into an error that names who is at fault, with its kind: the message
 * is the kind's sentence and advice (the provider's own words travel apart, as `detail`), so nothing
 * is said twice.
 */
export function toModelError(error: unknown, retryable = false): AgentError {
  if (error instanceof AgentError) return error;
  const fields = (typeof error === 'object' && error !== null ? error : {}) as ModelErrorFields;
  const failure = failureFieldsOf(error);
  const description = describeFailure({
    name: 'Error',
    message: errorMessage(error),
    ...failure,
  });
  const message = `${description.sentence} ${description.advice}`;
  if (
    failure.kind === 'auth' ||
    failure.kind === 'not-found' ||
    failure.kind === 'blocked-by-policy'
  ) {
    return new ConfigurationError(message, { cause: error, failure });
  }
  return new ModelProviderError(message, {
    cause: error,
    retryable: retryable || fields.retryable === true,
    failure,
    ...(failure.status === undefined ? {} : { status: failure.status }),
  });
}
