// Reads Chat Completions chunks: text (with <think> blocks split out), content sent as an array of parts
// (Mistral's reasoning models: thinking and text parts), reasoning fields, a refusal, tool-call fragments
// assembled by index, the finish reason, and usage when the server sends it.
import { streamErrorEvent } from '../map-http-error';
import { parseToolArguments } from '../parse-tool-arguments';
import { refusalPrefix } from '../refusal-notice';
import { ThinkTagSplitter, type ContentPiece, type ReasoningTag } from '../think-tag-splitter';
import { createCallId } from '../tool-call-id';
import { ContentChunkTemplate } from './content-chunk-template';
import { mapOpenAIFinishReason } from './map-openai-finish-reason';
import type { ModelEvent, ToolCall, Usage } from '../../agent/types';
import type { ServerSentEvent } from '../read-server-sent-events';
import type { StreamEnd, StreamParser } from '../stream-parser';

interface ToolCallDelta {
  index?: number;
  id?: string;
  function?: { name?: string; arguments?: string };
}

/**
 * One part of a content array. Mistral's reasoning models send `{type: "thinking", thinking: [{type:
 * "text", text}]}` and `{type: "text", text}`; other part types (references, images) carry no text.
 */
interface ContentPart {
  type?: string;
  text?: unknown;
  thinking?: unknown;
}

interface ChunkDelta {
  content?: string | ContentPart[] | null;
  /** OpenAI's refusal message, streamed in pieces instead of content. */
  refusal?: string | null;
  reasoning_content?: string | null;
  reasoning?: string | null;
  tool_calls?: ToolCallDelta[];
}

interface Chunk {
  choices?: { delta?: ChunkDelta; finish_reason?: string | null }[];
  usage?: { prompt_tokens?: number; completion_tokens?: number } | null;
  error?: { message?: string; type?: string; code?: unknown } | string;
}

/** A non-streamed completion, for servers that ignore `stream: true`. */
interface JsonCompletion extends Omit<Chunk, 'choices'> {
  choices?: { message?: ChunkDelta; finish_reason?: string | null }[];
}

interface ToolCallSlot {
  id: string | undefined;
  name: string;
  argumentParts: string[];
}

/** Options of an OpenAIStreamParser. */
export interface OpenAIStreamParserOptions {
  /** The content starts inside a `<think>` block (the model's opening tag is in its prompt). */
  thinkStartsInside?: boolean;
  /** The tag reasoning is wrapped in within the content: `think` (default), `reasoning` (Bedrock's gpt-oss). */
  reasoningTag?: ReasoningTag;
  /** Told at the end what the think tags showed, so the model can learn for its next answers. */
  onThinkTags?: (seen: { openerOmitted: boolean; closed: boolean; content: boolean }) => void;
}

/** Parses one Chat Completions stream. */
export class OpenAIStreamParser implements StreamParser {
  done = false;
  private finishReason: string | null | undefined;
  private sawFinish = false;
  private usage: Usage | undefined;
  private readonly slots: ToolCallSlot[] = [];
  private readonly slotByIndex = new Map<number, ToolCallSlot>();
  private readonly think: ThinkTagSplitter;
  private sawContent = false;
  /** True once answer text was emitted, so a refusal after it reads as cutting the answer short. */
  private sawAnswerText = false;
  /** True once a refusal arrived: the finish reason becomes `refusal`. */
  private refused = false;
  /** The previous text-only chunk's shape, to read the next ones without JSON.parse. */
  private template: ContentChunkTemplate | undefined;

  constructor(private readonly options: OpenAIStreamParserOptions = {}) {
    this.think = new ThinkTagSplitter({
      startsInside: options.thinkStartsInside ?? false,
      ...(options.reasoningTag ? { tag: options.reasoningTag } : {}),
    });
  }

  /**
   * Events of a server that ignored `stream: true` and answered one JSON completion: its message
   * becomes one chunk's delta (tool calls indexed), followed by the end marker.
   */
  eventsFromJson(body: string): ServerSentEvent[] {
    let completion: JsonCompletion;
    try {
      completion = JSON.parse(body) as JsonCompletion;
    } catch {
      return [{ data: body }]; // not JSON after all: the stream ends without its end marker
    }
    const choices = (completion.choices ?? []).map((choice) => ({
      delta: {
        ...choice.message,
        ...(choice.message?.tool_calls
          ? { tool_calls: choice.message.tool_calls.map((call, index) => ({ index, ...call })) }
          : {}),
      },
      finish_reason: choice.finish_reason ?? 'stop',
    }));
    const chunk = { ...completion, choices };
    return [{ data: JSON.stringify(chunk) }, { data: '[DONE]' }];
  }

  push(event: ServerSentEvent): ModelEvent[] {
    const data = event.data;
    if (data === '[DONE]') {
      this.done = true;
      return this.flushContent();
    }
    const content = this.template?.match(data);
    if (content !== undefined) return this.contentEvents(content);
    let chunk: Chunk;
    try {
      chunk = JSON.parse(data) as Chunk;
    } catch {
      return []; // keep-alive noise some servers send between chunks
    }
    this.template = textOnlyContent(chunk, (text) => ContentChunkTemplate.from(data, text));
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
      if (typeof delta.content === 'string') events.push(...this.contentEvents(delta.content));
      else if (Array.isArray(delta.content)) events.push(...this.contentPartEvents(delta.content));
      if (typeof delta.refusal === 'string') events.push(...this.refusalEvents(delta.refusal));
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
    this.options.onThinkTags?.({
      openerOmitted: this.think.sawOrphanClose,
      closed: this.think.sawClose,
      content: this.sawContent,
    });
    const calls: ToolCall[] = this.slots
      .filter((slot) => slot.name.length > 0)
      .map((slot) => ({
        id: slot.id ?? createCallId(),
        name: slot.name,
        ...parseToolArguments(slot.name, slot.argumentParts.join('')),
      }));
    return {
      complete: this.done || this.sawFinish,
      reason: this.refused ? 'refusal' : mapOpenAIFinishReason(this.finishReason),
      calls,
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }

  private contentEvents(content: string): ModelEvent[] {
    if (content.length === 0) return [];
    this.sawContent = true;
    return this.think.push(content).map((piece) => this.pieceEvent(piece));
  }

  /** Text parts go through the <think> splitter like string content; thinking parts are reasoning. */
  private contentPartEvents(parts: ContentPart[]): ModelEvent[] {
    const events: ModelEvent[] = [];
    for (const part of parts) {
      if (typeof part !== 'object' || part === null) continue;
      if (part.type === 'text' && typeof part.text === 'string') {
        events.push(...this.contentEvents(part.text));
      } else if (part.type === 'thinking') {
        const text = thinkingText(part.thinking);
        if (text.length > 0) events.push({ type: 'reasoning-delta', text });
      }
    }
    return events;
  }

  /** The refusal is the answer the person reads, introduced as a refusal the first time. */
  private refusalEvents(refusal: string): ModelEvent[] {
    if (refusal.length === 0) return [];
    const events = this.flushContent();
    const prefix = this.refused ? '' : refusalPrefix(this.sawAnswerText);
    this.refused = true;
    events.push({ type: 'text-delta', text: `${prefix}${refusal}` });
    return events;
  }

  private flushContent(): ModelEvent[] {
    return this.think.flush().map((piece) => this.pieceEvent(piece));
  }

  private pieceEvent(piece: ContentPiece): ModelEvent {
    if (piece.reasoning) return { type: 'reasoning-delta', text: piece.text };
    if (!this.sawAnswerText && piece.text.trim().length > 0) this.sawAnswerText = true;
    return { type: 'text-delta', text: piece.text };
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

/**
 * Calls `make` with the content of a chunk that carries nothing but text (so later chunks differing
 * only in that text may skip JSON.parse); undefined for any other chunk.
 */
function textOnlyContent<T>(chunk: Chunk, make: (content: string) => T | undefined): T | undefined {
  if (chunk.error !== undefined || chunk.usage || chunk.choices?.length !== 1) return undefined;
  const choice = chunk.choices[0];
  if (choice?.finish_reason !== undefined && choice.finish_reason !== null) return undefined;
  const delta = choice?.delta;
  if (!delta || typeof delta.content !== 'string' || delta.content.length === 0) return undefined;
  if (delta.tool_calls !== undefined || delta.reasoning_content || delta.reasoning || delta.refusal)
    return undefined;
  return make(delta.content);
}

/** The text of a thinking part: a string, or a list of text parts. */
function thinkingText(thinking: unknown): string {
  if (typeof thinking === 'string') return thinking;
  if (!Array.isArray(thinking)) return '';
  return thinking
    .map((part: unknown) =>
      typeof part === 'object' && part !== null && typeof (part as ContentPart).text === 'string'
        ? ((part as ContentPart).text as string)
        : '',
    )
    .join('');
}
