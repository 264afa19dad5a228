// Chat Completions finish reasons to the provider-neutral ones.
import type { FinishReason } from '../../agent/types';

/** Maps `finish_reason`; servers that send none at all before `[DONE]` finished normally. */
export function mapOpenAIFinishReason(reason: string | null | undefined): FinishReason {
  switch (reason) {
    case undefined:
    case null:
    case 'stop':
    case 'eos':
      return 'stop';
    case 'length':
      return 'length';
    case 'tool_calls':
    case 'function_call':
      return 'tool-calls';
    case 'content_filter':
      return 'content-filter';
    default:
      return 'other';
  }
}
