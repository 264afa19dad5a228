// Reads ConverseStream events: text and reasoning deltas, toolUse input assembled from string fragments,
// the stop reason, usage from the metadata event, and exceptions sent inside the stream
// (throttlingException, modelStreamErrorException…). The stream ends with its metadata event.
import { streamErrorEvent } from '../map-http-error';
import { toolUseEvent, type StreamedToolUse } from '../streamed-tool-use';
import { createCallId } from '../tool-call-id';
import { converseReasoningKey, type ConverseReasoningText } from './converse-reasoning-blocks';
import { mapConverseStopReason } from './map-converse-stop-reason';
import type { ModelEvent, Usage } from '../../agent/types';
import type { ServerSentEvent } from '../read-server-sent-events';
import type { StreamEnd, StreamParser } from '../stream-parser';

interface ConverseEvent {
  contentBlockIndex?: number;
  start?: { toolUse?: { toolUseId?: string; name?: string } };
  delta?: {
    text?: string;
    toolUse?: { input?: string };
    reasoningContent?: { text?: string; signature?: string; redactedContent?: string };
  };
  stopReason?: string;
  usage?: { inputTokens?: number; outputTokens?: number };
  message?: string;
  Message?: string;
}

interface OpenReasoning {
  textParts: string[];
  signatureParts: string[];
}

/** The HTTP status each exception stands for, which decides whether trying again may help. */
const exceptionStatuses: Record<string, number> = {
  throttlingException: 429,
  serviceUnavailableException: 503,
  internalServerException: 500,
  modelStreamErrorException: 424,
  modelTimeoutException: 408,
  validationException: 400,
  accessDeniedException: 403,
  resourceNotFoundException: 404,
  modelNotReadyException: 429,
};

/** Exceptions Bedrock documents as worth retrying although their status is not a retryable one. */
const transientExceptions = new Set(['modelStreamErrorException', 'modelNotReadyException']);

/** Parses one ConverseStream response. */
export class ConverseStreamParser implements StreamParser {
  done = false;
  private stopReason: string | undefined;
  private sawStop = false;
  private readonly usage: Usage = {};
  private readonly toolUses = new Map<number, StreamedToolUse>();
  private readonly openReasoning = new Map<number, OpenReasoning>();
  /** Reasoning finished since the last tool call; it goes back with the next call. */
  private pendingReasoning: ConverseReasoningText[] = [];

  push(event: ServerSentEvent): ModelEvent[] {
    const type = event.event ?? '';
    if (type.startsWith('exception:') || type.startsWith('error:')) throw this.streamError(event);
    let data: ConverseEvent;
    try {
      data = JSON.parse(event.data) as ConverseEvent;
    } catch {
      return [];
    }
    const index = data.contentBlockIndex ?? 0;
    switch (type) {
      case 'contentBlockStart': {
        const toolUse = data.start?.toolUse;
        if (toolUse !== undefined) {
          this.toolUses.set(index, {
            id: toolUse.toolUseId ?? createCallId(),
            name: toolUse.name ?? '',
            inputParts: [],
          });
        }
        return [];
      }
      case 'contentBlockDelta':
        return this.readDelta(index, data.delta);
      case 'contentBlockStop':
        return this.stopBlock(index);
      case 'messageStop':
        this.stopReason = data.stopReason;
        this.sawStop = true;
        return [];
      case 'metadata':
        if (typeof data.usage?.inputTokens === 'number')
          this.usage.inputTokens = data.usage.inputTokens;
        if (typeof data.usage?.outputTokens === 'number')
          this.usage.outputTokens = data.usage.outputTokens;
        // Metadata is the last event; a stream without it still ended once messageStop arrived.
        this.done = true;
        return [];
      default:
        return []; // messageStart, and event types added later
    }
  }

  end(): StreamEnd {
    const hasUsage = this.usage.inputTokens !== undefined || this.usage.outputTokens !== undefined;
    return {
      complete: this.sawStop,
      reason: mapConverseStopReason(this.stopReason),
      calls: [],
      ...(hasUsage ? { usage: this.usage } : {}),
    };
  }

  private readDelta(index: number, delta: ConverseEvent['delta']): ModelEvent[] {
    if (delta === undefined) return [];
    if (typeof delta.text === 'string') {
      return delta.text.length > 0 ? [{ type: 'text-delta', text: delta.text }] : [];
    }
    if (delta.toolUse !== undefined) {
      if (typeof delta.toolUse.input === 'string')
        this.toolUses.get(index)?.inputParts.push(delta.toolUse.input);
      return [];
    }
    const reasoning = delta.reasoningContent;
    if (reasoning === undefined) return [];
    let open = this.openReasoning.get(index);
    if (open === undefined) {
      open = { textParts: [], signatureParts: [] };
      this.openReasoning.set(index, open);
    }
    if (typeof reasoning.signature === 'string') open.signatureParts.push(reasoning.signature);
    if (typeof reasoning.text === 'string' && reasoning.text.length > 0) {
      open.textParts.push(reasoning.text);
      return [{ type: 'reasoning-delta', text: reasoning.text }];
    }
    return [];
  }

  private stopBlock(index: number): ModelEvent[] {
    const reasoning = this.openReasoning.get(index);
    if (reasoning !== undefined) {
      this.openReasoning.delete(index);
      const signature = reasoning.signatureParts.join('');
      this.pendingReasoning.push({
        text: reasoning.textParts.join(''),
        ...(signature ? { signature } : {}),
      });
      return [];
    }
    const toolUse = this.toolUses.get(index);
    if (toolUse === undefined) return [];
    this.toolUses.delete(index);
    const reasoningBlocks = this.pendingReasoning;
    this.pendingReasoning = [];
    return [toolUseEvent(toolUse, converseReasoningKey, reasoningBlocks)];
  }

  private streamError(event: ServerSentEvent): Error {
    const [, kind = 'error'] = (event.event ?? '').split(':');
    let providerMessage = event.data;
    try {
      const payload = JSON.parse(event.data) as ConverseEvent;
      providerMessage = payload.message ?? payload.Message ?? kind;
    } catch {
      // An error message's text, not JSON.
    }
    const status = exceptionStatuses[kind];
    return streamErrorEvent('bedrock-converse', `${kind}: ${providerMessage}`, {
      kind,
      retryable: transientExceptions.has(kind),
      ...(status === undefined ? {} : { status }),
    });
  }
}
