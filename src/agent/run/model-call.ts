// One model call: stream it, show deltas as they arrive, retry transient failures before anything was shown.
import { toErrorInfo, toModelError } from '../failures/errors';
import { raceAbort } from '../model/abort-race';
import { isRetryableModelError, retryDelayMs } from '../model/retry-policy';
import type { FinishReason, ModelRequest, ToolCall, Usage } from '../types';
import type { RunContext } from './run-context';

/** What one model call produced so far; kept when the call fails so partial text is not lost. */
export interface RoundDraft {
  text: string;
  reasoning: string;
  toolCalls: ToolCall[];
  finishReason: FinishReason | undefined;
  usage: Usage | undefined;
  /** True once a delta reached the UI: from then on a failure is not retried. */
  deltaShown: boolean;
}

/** An empty draft. */
export function newDraft(): RoundDraft {
  return {
    text: '',
    reasoning: '',
    toolCalls: [],
    finishReason: undefined,
    usage: undefined,
    deltaShown: false,
  };
}

/**
 * Streams the model into `draft`, retrying transient failures (at most `retry.maxRetries` times, never
 * after a delta was shown, never after a stop). Throws an AgentError when the call fails for good; when
 * `signal` aborts it throws whatever the stream threw.
 */
export async function callModel(
  run: RunContext,
  request: ModelRequest,
  signal: AbortSignal,
  draft: RoundDraft,
  deadlineAt: number,
): Promise<void> {
  const { retry, now } = run.settings;
  for (let attempt = 0; ; attempt += 1) {
    try {
      await streamOnce(run, request, signal, draft);
      return;
    } catch (error) {
      if (signal.aborted) throw error;
      const retryable = isRetryableModelError(error);
      if (draft.deltaShown || attempt >= retry.maxRetries || !retryable) {
        throw toModelError(error, retryable);
      }
      const delayMs = retryDelayMs(error, attempt, retry, now());
      if (now() + delayMs > deadlineAt) throw toModelError(error, retryable);
      run.emit({
        type: 'retry',
        runId: run.runId,
        round: run.round,
        attempt: attempt + 1,
        attempts: retry.maxRetries + 1,
        delayMs,
        error: toErrorInfo(error),
      });
      await retry.sleep(delayMs, signal);
      Object.assign(draft, newDraft());
    }
  }
}

async function streamOnce(
  run: RunContext,
  request: ModelRequest,
  signal: AbortSignal,
  draft: RoundDraft,
): Promise<void> {
  const iterator = run.model.stream(request, signal)[Symbol.asyncIterator]();
  const seenIds = new Set<string>();
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), signal);
      if (next.done) break;
      const event = next.value;
      switch (event.type) {
        case 'text-delta':
          if (event.text.length === 0) break;
          draft.text += event.text;
          draft.deltaShown = true;
          run.emit({ type: 'text-delta', runId: run.runId, round: run.round, text: event.text });
          break;
        case 'reasoning-delta':
          if (event.text.length === 0) break;
          draft.reasoning += event.text;
          draft.deltaShown = true;
          run.emit({
            type: 'reasoning-delta',
            runId: run.runId,
            round: run.round,
            text: event.text,
          });
          break;
        case 'tool-call': {
          // Providers occasionally repeat or omit ids; results are matched by id, so they must be unique.
          let id = event.call.id;
          if (!id || seenIds.has(id)) id = `${run.runId}_${run.round}_${draft.toolCalls.length}`;
          seenIds.add(id);
          draft.toolCalls.push({ ...event.call, id });
          break;
        }
        case 'finish':
          draft.finishReason = event.reason;
          if (event.usage) draft.usage = event.usage;
          break;
      }
    }
  } finally {
    if (signal.aborted && iterator.return) iterator.return().catch(() => {});
  }
  draft.finishReason ??= draft.toolCalls.length > 0 ? 'tool-calls' : 'stop';
}
