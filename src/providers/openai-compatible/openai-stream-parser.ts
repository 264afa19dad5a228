// Reads Chat Completions chunks: text (with <think> blocks split out), reasoning fields, tool-call
// fragments assembled by index, the finish reason, and usage when the server sends it.
import { streamErrorEvent } from '../map-http-error';
import { parseToolArguments } from '../parse-tool-arguments';
import { ThinkTagSplitter } from '../think-tag-splitter';
import { createCallId } from '../tool-call-id';
import { mapOpenAIFinishReason } from './map-openai-finish-reason';
import type { ModelEvent, ToolCall, Usage } from '../../agent/types';
import type { ServerSentEvent } from '../read-server-sent-events';
import type { StreamEnd, StreamParser } from '../stream-parser';

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

interface ChunkDelta {
  content?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: ToolCallDelta[];
}

interface Chunk {
  choices?: { delta?: ChunkDelta; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string; type?: string; code?: unknown } | string;
}

interface ToolCallSlot {
  id: string | undefined;
  name: string;
  argumentParts: string[];
}

/** Parses one Chat Completions stream. */
export class OpenAIStreamParser implements StreamParser {
  done = false;
  private finishReason: string | null | undefined;
  private sawFinish = false;
  private usage: Usage | undefined;
  private readonly slots: ToolCallSlot[] = [];
  private readonly slotByIndex = new Map<number, ToolCallSlot>();
  private readonly think = new ThinkTagSplitter();

  push(event: ServerSentEvent): ModelEvent[] {
    const data = event.data;
    if (data === '[DONE]') {
      this.done = true;
      return this.flushContent();
    }
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      return []; // keep-alive noise some servers send between chunks
    }
    if (chunk.error !== undefined) this.throwError(chunk.error);
    if (chunk.usage) {
      this.usage = {};
      if (typeof chunk.usage.prompt_tokens === 'number')
        this.usage.inputTokens = chunk.usage.prompt_tokens;
      if (typeof chunk.usage.completion_tokens === 'number') {
        this.usage.outputTokens = chunk.usage.completion_tokens;
      }
    }
    const choice = chunk.choices?.[0];
    if (choice === undefined) return [];
    const events: ModelEvent[] = [];
    const delta = choice.delta;
    if (delta) {
      const reasoning = delta.reasoning_content ?? delta.reasoning;
      if (typeof reasoning === 'string' && reasoning.length > 0) {
        events.push({ type: 'reasoning-delta', text: reasoning });
      }
      if (typeof delta.content === 'string' && delta.content.length > 0) {
        for (const piece of this.think.push(delta.content)) {
          events.push({
            type: piece.reasoning ? 'reasoning-delta' : 'text-delta',
            text: piece.text,
          });
        }
      }
      if (delta.tool_calls) for (const fragment of delta.tool_calls) this.addFragment(fragment);
    }
    if (choice.finish_reason !== undefined && choice.finish_reason !== null) {
      this.sawFinish = true;
      this.finishReason = choice.finish_reason;
      events.push(...this.flushContent());
    }
    return events;
  }

  end(): StreamEnd {
    const calls: ToolCall[] = this.slots
      .filter((slot) => slot.name.length > 0)
      .map((slot) => ({
        id: slot.id ?? createCallId(),
        name: slot.name,
        ...parseToolArguments(slot.name, slot.argumentParts.join('')),
      }));
    return {
      complete: this.done || this.sawFinish,
      reason: mapOpenAIFinishReason(this.finishReason),
      calls,
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }

  private flushContent(): ModelEvent[] {
    return this.think.flush().map((piece) => ({
      type: piece.reasoning ? 'reasoning-delta' : 'text-delta',
      text: piece.text,
    }));
  }

  private addFragment(fragment: ToolCallDelta): void {
    const index = fragment.index ?? this.slots.length;
    let slot = this.slotByIndex.get(index);
    // Some servers (Ollama) send every parallel call at index 0, told apart only by a new id.
    const startsNewCall =
      slot !== undefined &&
      fragment.id !== undefined &&
      slot.id !== undefined &&
      fragment.id !== slot.id &&
      slot.name.length > 0;
    if (slot === undefined || startsNewCall) {
      slot = { id: fragment.id, name: '', argumentParts: [] };
      this.slots.push(slot);
      this.slotByIndex.set(index, slot);
    }
    if (fragment.id && slot.id === undefined) slot.id = fragment.id;
    // Names come whole (a few servers repeat them in every fragment); arguments come in pieces.
    const name = fragment.function?.name;
    if (name && name !== slot.name) slot.name += name;
    if (fragment.function?.arguments) slot.argumentParts.push(fragment.function.arguments);
  }

  private throwError(error: NonNullable<Chunk['error']>): never {
    if (typeof error === 'string') throw streamErrorEvent('openai-compatible', error);
    const status = typeof error.code === 'number' ? error.code : undefined;
    throw streamErrorEvent('openai-compatible', error.message ?? 'unknown error', {
      ...(status === undefined ? {} : { status }),
      kind: `${error.type ?? ''} ${typeof error.code === 'string' ? error.code : ''}`,
    });
  }
}
