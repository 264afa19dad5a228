// A model call that failed and will be tried again is part of the live run, so the status line can
// count down to it; the run's next event ends the wait.
import { describe, expect, it } from 'vitest';
import { createConversationDocument } from '../../../src/agent/conversation/conversation-document';
import {
  reduceConversation,
  type ConversationAction,
} from '../../../src/agent/conversation/conversation-reducer';
import type { AgentEvent } from '../../../src/agent/types';

const runId = 'run-1';
const event = (agentEvent: AgentEvent, at: number): ConversationAction => ({
  type: 'agent-event',
  event: agentEvent,
  at,
});
const retry: AgentEvent = {
  type: 'retry',
  runId,
  round: 0,
  attempt: 1,
  attempts: 3,
  delayMs: 4000,
  error: { name: 'ModelProviderError', message: 'busy', kind: 'overloaded', status: 503 },
};

describe('a scheduled retry', () => {
  const started = [
    event({ type: 'turn-start', runId, userMessage: 'A busy question' }, 0),
    event({ type: 'round-start', runId, round: 0 }, 10),
  ];

  it('says which attempt comes next, of how many, and when', () => {
    const document = [...started, event(retry, 1000)].reduce(
      reduceConversation,
      createConversationDocument('c', 0),
    );
    expect(document.run?.retry).toEqual({ attempt: 2, attempts: 3, resumesAt: 5000 });
  });

  it('ends when the retried call streams, and when the turn fails for good', () => {
    const streamed = [
      ...started,
      event(retry, 1000),
      event({ type: 'text-delta', runId, round: 0, text: 'Hello' }, 5000),
    ].reduce(reduceConversation, createConversationDocument('c', 0));
    expect(streamed.run?.retry).toBeUndefined();
    expect(streamed.turns[0]?.rounds[0]?.text).toBe('Hello');

    const failed = [
      ...started,
      event(retry, 1000),
      event({ type: 'turn-error', runId, round: 0, error: retry.error }, 5000),
    ].reduce(reduceConversation, createConversationDocument('c', 0));
    expect(failed.run?.retry).toBeUndefined();
    expect(failed.turns[0]?.status).toBe('failed');
  });
});
