// A ChatModel that plays scripted streams, for tests and benchmarks. It fails loudly: an unexpected extra
// call throws, a failed request assertion is remembered, and assertAllUsed() reports steps left unused.
import { abortableSleep } from '../agent/model/retry-policy';
import type {
  ChatModel,
  FinishReason,
  ModelCapabilities,
  ModelEvent,
  ModelRequest,
  ToolCall,
} from '../agent/types';

/** One scripted event: a model event, a pause, or a thrown error. */
export type ScriptedEvent =
  ModelEvent | { type: 'delay'; ms: number } | { type: 'error'; error: unknown };

/** A tool call in a script; the id defaults to `call_<step>_<index>`. */
export type ScriptedToolCall = Omit<ToolCall, 'id'> & { id?: string };

/** One model call: the events of its stream, in order (shortcut fields are played first). */
export interface ScriptedStep {
  /** Checks the request; a throw here fails the call and is reported by assertAllUsed(). */
  expect?: (request: ModelRequest) => void;
  /** Pause before the first event. */
  delayMs?: number;
  reasoning?: string | string[];
  /** Text deltas (a string is one delta). */
  text?: string | string[];
  toolCalls?: ScriptedToolCall[];
  /** Further events after the shortcut fields. */
  events?: ScriptedEvent[];
  /** Thrown after the events above. */
  error?: unknown;
  /** The finish reason; the default is `tool-calls` when the step has tool calls, else `stop`. `false`: no finish event. */
  finish?: FinishReason | false;
}

/** A scripted ChatModel, with what it was asked. */
export interface ScriptedModel extends ChatModel {
  /** Every request received, in order. */
  readonly requests: ModelRequest[];
  /** Steps not played yet. */
  readonly remaining: number;
  /** Throws when steps were left unused, a call was unexpected, or a request assertion failed. */
  assertAllUsed(): void;
}

/** Options of a scripted model. */
export interface ScriptedModelOptions {
  id?: string;
  capabilities?: ModelCapabilities;
}

/** Builds a ChatModel that plays `steps`, one per call to `stream`. */
export function createScriptedModel(
  steps: Array<ScriptedStep | ((request: ModelRequest) => ScriptedStep)>,
  options: ScriptedModelOptions = {},
): ScriptedModel {
  const requests: ModelRequest[] = [];
  const failures: string[] = [];
  let next = 0;

  async function* play(
    step: ScriptedStep,
    stepIndex: number,
    request: ModelRequest,
    signal: AbortSignal,
  ): AsyncGenerator<ModelEvent> {
    if (step.expect) {
      try {
        step.expect(request);
      } catch (error) {
        failures.push(`step ${stepIndex}: request assertion failed: ${String(error)}`);
        throw error;
      }
    }
    if (step.delayMs) await pause(step.delayMs, signal);
    for (const text of toList(step.reasoning)) yield { type: 'reasoning-delta', text };
    for (const text of toList(step.text)) yield { type: 'text-delta', text };
    for (const [index, call] of (step.toolCalls ?? []).entries()) {
      yield { type: 'tool-call', call: { ...call, id: call.id ?? `call_${stepIndex}_${index}` } };
    }
    for (const event of step.events ?? []) {
      if (signal.aborted) throw abortError(signal);
      if (event.type === 'delay') await pause(event.ms, signal);
      else if (event.type === 'error') throw event.error;
      else yield event;
    }
    if (step.error !== undefined) throw step.error;
    if (signal.aborted) throw abortError(signal);
    if (step.finish !== false) {
      const reason = step.finish ?? ((step.toolCalls?.length ?? 0) > 0 ? 'tool-calls' : 'stop');
      yield { type: 'finish', reason };
    }
  }

  return {
    id: options.id ?? 'scripted',
    capabilities: options.capabilities ?? { tools: true },
    requests,
    get remaining() {
      return steps.length - next;
    },
    stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent> {
      requests.push(request);
      const stepIndex = next;
      const scripted = steps[stepIndex];
      next += 1;
      if (scripted === undefined) {
        const message = `Scripted model: unexpected call ${stepIndex + 1}; only ${steps.length} step(s) were scripted.`;
        failures.push(message);
        throw new Error(message);
      }
      const step = typeof scripted === 'function' ? scripted(request) : scripted;
      return play(step, stepIndex, request, signal);
    },
    assertAllUsed(): void {
      const problems = [...failures];
      if (next < steps.length)
        problems.push(
          `${steps.length - next} of ${steps.length} scripted step(s) were never used.`,
        );
      if (problems.length > 0) throw new Error(`Scripted model: ${problems.join(' ')}`);
    },
  };
}

function toList(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : value;
}

function abortError(signal: AbortSignal): Error {
  const error = new Error(`The model stream was aborted: ${String(signal.reason)}`);
  error.name = 'AbortError';
  return error;
}

function pause(ms: number, signal: AbortSignal): Promise<void> {
  return abortableSleep(ms, signal).catch(() => {
    throw abortError(signal);
  });
}
