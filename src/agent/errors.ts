// Errors name who is at fault, so the UI can say what to do next. The base class sets `name`.
import { redactSecrets } from './redact';
import type { AgentErrorInfo, ModelErrorFields } from './types';

/** Who caused a failure. */
export type FaultOwner = 'model' | 'provider' | 'configuration' | 'limit' | 'tool' | 'library';

/** Base class of the agent's errors. */
export abstract class AgentError extends Error {
  /** Who caused the failure. */
  abstract readonly fault: FaultOwner;
  /** True when trying again may succeed. */
  readonly retryable: boolean;

  constructor(message: string, options: { cause?: unknown; retryable?: boolean } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.retryable = options.retryable ?? false;
  }
}

/** The model did something the agent cannot use (an empty answer, a malformed stream). */
export class ModelBehaviorError extends AgentError {
  override readonly fault = 'model';
}

/** The model provider failed (HTTP error, network failure, overload) after any retries. */
export class ModelProviderError extends AgentError {
  override readonly fault = 'provider';
  /** The HTTP status, when there was one. */
  readonly status: number | undefined;

  constructor(
    message: string,
    options: { cause?: unknown; retryable?: boolean; status?: number } = {},
  ) {
    super(message, options);
    this.status = options.status;
  }
}

/** The caller's configuration or use of the API is wrong (a bad key, a call at the wrong time). */
export class ConfigurationError extends AgentError {
  override readonly fault = 'configuration';
}

/** A tool did not answer within its timeout. */
export class ToolTimeoutError extends AgentError {
  override readonly fault = 'tool';
}

/** A bug in Mapwright itself. */
export class InternalError extends AgentError {
  override readonly fault = 'library';
}

/** The message of any thrown value. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}

/** A serialisable, redacted description of an error, for events and snapshots. */
export function toErrorInfo(error: unknown): AgentErrorInfo {
  const name = error instanceof Error ? error.name : 'Error';
  const info: AgentErrorInfo = { name, message: redactSecrets(errorMessage(error)) };
  if (error instanceof AgentError) info.retryable = error.retryable;
  return info;
}

/** Wraps what a ChatModel threw into an error that names who is at fault and what to do next. */
export function toModelError(error: unknown, retryable = false): AgentError {
  if (error instanceof AgentError) return error;
  const fields = (typeof error === 'object' && error !== null ? error : {}) as ModelErrorFields;
  const status = typeof fields.status === 'number' ? fields.status : undefined;
  const message = errorMessage(error);
  if (status === 401 || status === 403) {
    return new ConfigurationError(
      `The model provider refused the credentials (HTTP ${status}): ${message}. Check the API key in Settings.`,
      { cause: error },
    );
  }
  if (status === 404) {
    return new ConfigurationError(
      `The model provider does not know this model or endpoint (HTTP 404): ${message}. Check the model name and base URL in Settings.`,
      { cause: error },
    );
  }
  return new ModelProviderError(
    `The model provider failed${status === undefined ? '' : ` (HTTP ${status})`}: ${message}. Try again, or choose another model.`,
    {
      cause: error,
      retryable: retryable || fields.retryable === true,
      ...(status === undefined ? {} : { status }),
    },
  );
}
