// The JSON export is the turn's trace: each round's times, tokens and retries as the run recorded them,
// and the limit that ended a turn.
import { describe, expect, it } from 'vitest';
import { createConversationDocument } from '../../../src/agent/conversation/conversation-document';
import {
  reduceConversation,
  type ConversationAction,
} from '../../../src/agent/conversation/conversation-reducer';
import { conversationToJson } from '../../../src/conversations/export/export-conversation';
import type { AgentEvent } from '../../../src/agent/types';

const runId = 'run-1';
const at = (event: AgentEvent, time: number): ConversationAction => ({
  type: 'agent-event',
  event,
  at: time,
});
const error = { name: 'ProviderError', message: 'overloaded', category: 'provider' as const };

describe('the trace in the JSON export', () => {
  it('has per-round times, tokens and retries, and the limit that ended the turn', () => {
    const document = [
      at({ type: 'turn-start', runId, userMessage: 'Quakes?' }, 1_000),
      at({ type: 'round-start', runId, round: 0 }, 1_000),
      at({ type: 'retry', runId, round: 0, attempt: 1, delayMs: 500, error }, 1_200),
      at({ type: 'text-delta', runId, round: 0, text: 'Looking.' }, 1_900),
      at(
        { type: 'round-end', runId, round: 0, usage: { inputTokens: 1_200, outputTokens: 30 } },
        2_250,
      ),
      at({ type: 'round-start', runId, round: 1 }, 2_300),
      at({ type: 'round-end', runId, round: 1 }, 2_800),
      at(
        {
          type: 'turn-end',
          runId,
          round: 1,
          finishReason: 'length',
          text: 'So far…',
          outcome: 'checkpoint',
          limit: 'rounds',
        },
        2_800,
      ),
    ].reduce(reduceConversation, createConversationDocument('c', 0));
    const exported = JSON.parse(conversationToJson(document.title, document.turns)) as {
      turns: { limit?: string; rounds: Record<string, unknown>[] }[];
    };
    const [turn] = exported.turns;
    expect(turn?.limit).toBe('rounds');
    expect(turn?.rounds[0]).toMatchObject({
      startedAt: new Date(1_000).toISOString(),
      endedAt: new Date(2_250).toISOString(),
      durationMs: 1_250,
      usage: { inputTokens: 1_200, outputTokens: 30 },
      retries: 1,
    });
    expect(turn?.rounds[1]).toMatchObject({ durationMs: 500 });
    expect(turn?.rounds[1]?.retries).toBeUndefined();
  });
});
