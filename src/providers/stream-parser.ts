// The contract between the shared stream runner and each provider's stream parser.
import type { FinishReason, ModelEvent, ToolCall, Usage } from '../agent/types';
import type { ServerSentEvent } from './read-server-sent-events';

/** How a stream ended, as far as its parser can tell. */
export interface StreamEnd {
  /** True when the provider's end marker arrived; false means the stream was cut off. */
  complete: boolean;
  reason: FinishReason;
  usage?: Usage;
  /** Native calls still being assembled when the stream ended (OpenAI's by-index fragments). */
  calls: ToolCall[];
}

/** Reads one provider's SSE events. Pure: no I/O, so fixtures can drive it directly. */
export interface StreamParser {
  /** Text, reasoning and finished native calls from one event; throws ProviderError on an error event. */
  push(event: ServerSentEvent): ModelEvent[];
  /** True once nothing more is expected: the runner stops reading. */
  readonly done: boolean;
  /** Called once, when the body ends or `done` is reached. */
  end(): StreamEnd;
  /**
   * For a server that ignored `stream: true` and answered `application/json`: the events its body
   * stands for. Absent when the provider always streams.
   */
  eventsFromJson?(body: string): ServerSentEvent[];
}
