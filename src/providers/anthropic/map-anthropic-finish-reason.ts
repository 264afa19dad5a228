// Anthropic stop reasons to the provider-neutral ones.
import type { FinishReason } from '../../agent/types';

/** Maps `stop_reason`. */
export function mapAnthropicFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case 'end_turn':
    case 'stop_sequence':
    case null:
    case undefined:
      return 'stop';
    case 'max_tokens':
    case 'model_context_window_exceeded':
      return 'length';
    case 'tool_use':
      return 'tool-calls';
    case 'refusal':
      return 'refusal';
    default:
      return 'other';
  }
}
