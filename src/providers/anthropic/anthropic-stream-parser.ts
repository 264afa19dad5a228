// Reads Messages API stream events: text and thinking deltas, tool_use input assembled from JSON
// fragments, the stop reason, usage, and the error event (e.g. overloaded_error) sent mid-stream.
import { streamErrorEvent } from '../map-http-error';
import { parseToolArguments } from '../parse-tool-arguments';
import { createCallId } from '../tool-call-id';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason';
import type { ModelEvent, Usage } from '../../agent/types';
import type { ServerSentEvent } from '../read-server-sent-events';
import type { StreamEnd, StreamParser } from '../stream-parser';

interface StreamEvent {
  type?: string;
  index?: number;
  message?: { usage?: { input_tokens?: number; output_tokens?: number } };
  content_block?: { type?: string; id?: string; name?: string; text?: string; thinking?: string };
  delta?: {
    type?: string;
    text?: string;
    thinking?: string;
    partial_json?: string;
    stop_reason?: string | null;
  };
  usage?: { output_tokens?: number; input_tokens?: number };
  error?: { type?: string; message?: string };
}

interface ToolUseBlock {
  id: string;
  name: string;
  inputParts: string[];
}

const errorStatuses: Record<string, number> = {
  overloaded_error: 529,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
};

/** Parses one Messages API stream. */
export class AnthropicStreamParser implements StreamParser {
  done = false;
  private stopReason: string | null | undefined;
  private readonly usage: Usage = {};
  private readonly toolUses = new Map<number, ToolUseBlock>();

  push(event: ServerSentEvent): ModelEvent[] {
    let data: StreamEvent;
    try {
      data = JSON.parse(event.data) as StreamEvent;
    } catch {
      return [];
    }
    switch (data.type ?? event.event) {
      case 'message_start': {
        const usage = data.message?.usage;
        if (typeof usage?.input_tokens === 'number') this.usage.inputTokens = usage.input_tokens;
        if (typeof usage?.output_tokens === 'number') this.usage.outputTokens = usage.output_tokens;
        return [];
      }
      case 'content_block_start': {
        const block = data.content_block;
        if (block?.type === 'tool_use' && data.index !== undefined) {
          this.toolUses.set(data.index, {
            id: block.id ?? createCallId(),
            name: block.name ?? '',
            inputParts: [],
          });
        }
        if (block?.type === 'text' && block.text) return [{ type: 'text-delta', text: block.text }];
        if (block?.type === 'thinking' && block.thinking) {
          return [{ type: 'reasoning-delta', text: block.thinking }];
        }
        return [];
      }
      case 'content_block_delta':
        return this.readDelta(data);
      case 'content_block_stop': {
        const toolUse = data.index === undefined ? undefined : this.toolUses.get(data.index);
        if (toolUse === undefined) return [];
        this.toolUses.delete(data.index!);
        const parsed = parseToolArguments(toolUse.name, toolUse.inputParts.join(''));
        return [{ type: 'tool-call', call: { id: toolUse.id, name: toolUse.name, ...parsed } }];
      }
      case 'message_delta':
        if (data.delta?.stop_reason !== undefined) this.stopReason = data.delta.stop_reason;
        if (typeof data.usage?.output_tokens === 'number')
          this.usage.outputTokens = data.usage.output_tokens;
        if (typeof data.usage?.input_tokens === 'number')
          this.usage.inputTokens = data.usage.input_tokens;
        return [];
      case 'message_stop':
        this.done = true;
        return [];
      case 'error': {
        const kind = data.error?.type ?? 'error';
        const status = errorStatuses[kind];
        throw streamErrorEvent('anthropic', data.error?.message ?? kind, {
          kind,
          ...(status === undefined ? {} : { status }),
        });
      }
      default:
        return []; // ping, and event types added later
    }
  }

  end(): StreamEnd {
    const hasUsage = this.usage.inputTokens !== undefined || this.usage.outputTokens !== undefined;
    return {
      complete: this.done,
      reason: mapAnthropicFinishReason(this.stopReason),
      calls: [],
      ...(hasUsage ? { usage: this.usage } : {}),
    };
  }

  private readDelta(data: StreamEvent): ModelEvent[] {
    const delta = data.delta;
    switch (delta?.type) {
      case 'text_delta':
        return delta.text ? [{ type: 'text-delta', text: delta.text }] : [];
      case 'thinking_delta':
        return delta.thinking ? [{ type: 'reasoning-delta', text: delta.thinking }] : [];
      case 'input_json_delta': {
        const toolUse = data.index === undefined ? undefined : this.toolUses.get(data.index);
        if (toolUse && delta.partial_json) toolUse.inputParts.push(delta.partial_json);
        return [];
      }
      default:
        return []; // signature_delta, citations_delta: nothing to show
    }
  }
}
