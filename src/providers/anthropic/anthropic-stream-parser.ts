// Reads Messages API stream events: text and thinking deltas, thinking blocks with their signatures and
// redacted thinking (kept on the turn's tool calls so they can be sent back), tool_use input assembled
// from JSON fragments, the stop reason (a refusal is shown as one), usage, and the error event (e.g.
// overloaded_error) sent mid-stream.
import { streamErrorEvent } from '../map-http-error';
import { refusalNotice } from '../refusal-notice';
import { toolUseEvent, type StreamedToolUse } from '../streamed-tool-use';
import { createCallId } from '../tool-call-id';
import { thinkingBlocksKey, type AnthropicReasoningBlock } from './anthropic-thinking-blocks';
import { mapAnthropicFinishReason } from './map-anthropic-finish-reason';
import type { ModelEvent, Usage } from '../../agent/types';
import type { ServerSentEvent } from '../read-server-sent-events';
import type { StreamEnd, StreamParser } from '../stream-parser';

interface StreamEvent {
  type?: string;
  index?: number;
  message?: { usage?: { input_tokens?: number; output_tokens?: number } };
  content_block?: {
    type?: string;
    id?: string;
    name?: string;
    text?: string;
    thinking?: string;
    signature?: string;
    data?: string;
  };
  delta?: {
    type?: string;
    text?: string;
    thinking?: string;
    signature?: string;
    partial_json?: string;
    stop_reason?: string | null;
    stop_details?: { type?: string; explanation?: string } | null;
  };
  usage?: { output_tokens?: number; input_tokens?: number };
  error?: { type?: string; message?: string };
}

/** A thinking block still streaming: its text and signature arrive in deltas. */
interface OpenThinkingBlock {
  thinkingParts: string[];
  signatureParts: string[];
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
  private readonly toolUses = new Map<number, StreamedToolUse>();
  private readonly openThinking = new Map<number, OpenThinkingBlock>();
  /** Thinking blocks finished since the last tool call; they go back with the next call. */
  private pendingThinking: AnthropicReasoningBlock[] = [];
  /** True once answer text was shown, so a refusal after it reads as cutting the answer short. */
  private sawAnswerText = false;

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
      case 'content_block_start':
        return this.startBlock(data);
      case 'content_block_delta':
        return this.readDelta(data);
      case 'content_block_stop':
        return this.stopBlock(data.index);
      case 'message_delta':
        if (typeof data.usage?.output_tokens === 'number')
          this.usage.outputTokens = data.usage.output_tokens;
        if (typeof data.usage?.input_tokens === 'number')
          this.usage.inputTokens = data.usage.input_tokens;
        if (data.delta?.stop_reason !== undefined) {
          this.stopReason = data.delta.stop_reason;
          // The API adds no words of its own to a refusal: without a notice the person would read an
          // empty or half-finished answer as complete.
          if (this.stopReason === 'refusal') {
            const explanation = data.delta.stop_details?.explanation;
            return [{ type: 'text-delta', text: refusalNotice(this.sawAnswerText, explanation) }];
          }
        }
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

  private startBlock(data: StreamEvent): ModelEvent[] {
    const block = data.content_block;
    const index = data.index;
    if (block === undefined || index === undefined) return [];
    switch (block.type) {
      case 'tool_use':
        this.toolUses.set(index, {
          id: block.id ?? createCallId(),
          name: block.name ?? '',
          inputParts: [],
        });
        return [];
      case 'text':
        return this.textEvents(block.text);
      case 'thinking':
        this.openThinking.set(index, {
          thinkingParts: block.thinking ? [block.thinking] : [],
          signatureParts: block.signature ? [block.signature] : [],
        });
        return block.thinking ? [{ type: 'reasoning-delta', text: block.thinking }] : [];
      case 'redacted_thinking':
        if (typeof block.data === 'string') {
          this.pendingThinking.push({ type: 'redacted_thinking', data: block.data });
        }
        return [];
      default:
        return [];
    }
  }

  private stopBlock(index: number | undefined): ModelEvent[] {
    if (index === undefined) return [];
    const thinking = this.openThinking.get(index);
    if (thinking !== undefined) {
      this.openThinking.delete(index);
      this.pendingThinking.push({
        type: 'thinking',
        thinking: thinking.thinkingParts.join(''),
        signature: thinking.signatureParts.join(''),
      });
      return [];
    }
    const toolUse = this.toolUses.get(index);
    if (toolUse === undefined) return [];
    this.toolUses.delete(index);
    const thinkingBlocks = this.pendingThinking;
    this.pendingThinking = [];
    return [toolUseEvent(toolUse, thinkingBlocksKey, thinkingBlocks)];
  }

  private readDelta(data: StreamEvent): ModelEvent[] {
    const delta = data.delta;
    const index = data.index;
    switch (delta?.type) {
      case 'text_delta':
        return this.textEvents(delta.text);
      case 'thinking_delta': {
        if (!delta.thinking) return [];
        if (index !== undefined) this.openThinking.get(index)?.thinkingParts.push(delta.thinking);
        return [{ type: 'reasoning-delta', text: delta.thinking }];
      }
      case 'signature_delta':
        if (delta.signature && index !== undefined) {
          this.openThinking.get(index)?.signatureParts.push(delta.signature);
        }
        return [];
      case 'input_json_delta': {
        const toolUse = index === undefined ? undefined : this.toolUses.get(index);
        if (toolUse && delta.partial_json) toolUse.inputParts.push(delta.partial_json);
        return [];
      }
      default:
        return []; // citations_delta and delta types added later: nothing to show
    }
  }

  private textEvents(text: string | undefined): ModelEvent[] {
    if (!text) return [];
    if (!this.sawAnswerText && text.trim().length > 0) this.sawAnswerText = true;
    return [{ type: 'text-delta', text }];
  }
}
