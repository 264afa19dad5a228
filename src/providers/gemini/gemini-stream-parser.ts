// Reads Gemini streamGenerateContent (alt=sse) chunks: text and thought parts, whole functionCall parts
// (with their thought signature), the finish reason, usage, and an error object sent mid-stream.
import { streamErrorEvent } from '../map-http-error';
import { parseToolArguments } from '../parse-tool-arguments';
import { createCallId } from '../tool-call-id';
import { mapGeminiFinishReason } from './map-gemini-finish-reason';
import type { ModelEvent, Usage } from '../../agent/types';
import type { ServerSentEvent } from '../read-server-sent-events';
import type { StreamEnd, StreamParser } from '../stream-parser';

interface GeminiPart {
  text?: string;
  thought?: boolean;
  thoughtSignature?: string;
  functionCall?: { id?: string; name?: string; args?: unknown };
}

interface GeminiChunk {
  candidates?: { content?: { parts?: GeminiPart[] }; finishReason?: string }[];
  promptFeedback?: { blockReason?: string };
  usageMetadata?: {
    promptTokenCount?: number;
    candidatesTokenCount?: number;
    thoughtsTokenCount?: number;
  };
  error?: { code?: number; message?: string; status?: string };
}

/** Parses one Gemini stream. There is no end event: the finish reason marks a complete answer. */
export class GeminiStreamParser implements StreamParser {
  readonly done = false;
  private finishReason: string | undefined;
  private sawFinish = false;
  private usage: Usage | undefined;

  push(event: ServerSentEvent): ModelEvent[] {
    let chunk: GeminiChunk;
    try {
      const parsed = JSON.parse(event.data) as GeminiChunk | GeminiChunk[];
      chunk = Array.isArray(parsed) ? (parsed[0] ?? {}) : parsed;
    } catch {
      return [];
    }
    if (chunk.error) {
      throw streamErrorEvent(
        'gemini',
        chunk.error.message ?? chunk.error.status ?? 'unknown error',
        {
          kind: chunk.error.status ?? '',
          ...(typeof chunk.error.code === 'number' ? { status: chunk.error.code } : {}),
        },
      );
    }
    if (chunk.usageMetadata) {
      const usage = chunk.usageMetadata;
      this.usage = {};
      if (usage.promptTokenCount !== undefined) this.usage.inputTokens = usage.promptTokenCount;
      if (usage.candidatesTokenCount !== undefined || usage.thoughtsTokenCount !== undefined) {
        this.usage.outputTokens =
          (usage.candidatesTokenCount ?? 0) + (usage.thoughtsTokenCount ?? 0);
      }
    }
    if (chunk.promptFeedback?.blockReason) {
      this.sawFinish = true;
      this.finishReason = chunk.promptFeedback.blockReason;
    }
    const candidate = chunk.candidates?.[0];
    if (candidate === undefined) return [];
    const events: ModelEvent[] = [];
    for (const part of candidate.content?.parts ?? []) {
      if (part.functionCall?.name) {
        const name = part.functionCall.name;
        events.push({
          type: 'tool-call',
          call: {
            id: part.functionCall.id ?? createCallId(),
            name,
            ...parseToolArguments(name, part.functionCall.args),
            ...(part.thoughtSignature
              ? { providerMetadata: { thoughtSignature: part.thoughtSignature } }
              : {}),
          },
        });
      } else if (typeof part.text === 'string' && part.text.length > 0) {
        events.push({ type: part.thought ? 'reasoning-delta' : 'text-delta', text: part.text });
      }
    }
    if (candidate.finishReason) {
      this.sawFinish = true;
      this.finishReason = candidate.finishReason;
    }
    return events;
  }

  end(): StreamEnd {
    return {
      complete: this.sawFinish,
      reason: mapGeminiFinishReason(this.finishReason),
      calls: [],
      ...(this.usage ? { usage: this.usage } : {}),
    };
  }
}
