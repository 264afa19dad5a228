// Converse stop reasons to the provider-neutral ones.
import type { FinishReason } from '../../agent/types';

/** Maps `messageStop.stopReason`. */
export function mapConverseStopReason(reason: string | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
    case undefined:
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool-calls';
    case 'guardrail_intervened':
    case 'content_filtered':
      return 'content-filter';
    default:
      return 'other';
  }
}
