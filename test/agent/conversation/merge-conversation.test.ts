// Two tabs wrote one conversation: merging this tab's document into the newer stored one keeps every
// turn of both, in an order both tabs agree on, with the model's history rebuilt to match.
import { describe, expect, it } from 'vitest';
import {
  createConversationDocument,
  type ConversationDocument,
} from '../../../src/agent/conversation/conversation-document';
import { mergeConversation } from '../../../src/agent/conversation/merge-conversation';
import { truncateConversation } from '../../../src/agent/conversation/truncate-conversation';

/** `document` with one more finished turn: the question and its answer, in the turns and the history. */
function withTurn(document: ConversationDocument, runId: string, question: string) {
  const historyStart = document.agent.history.length;
  return {
    ...document,
    turns: [
      ...document.turns,
      {
        runId,
        userText: question,
        startedAt: 1,
        endedAt: 2,
        status: 'idle' as const,
        rounds: [{ round: 0, text: `Answer to ${question}`, reasoning: '', calls: [] }],
        historyStart,
      },
    ],
    agent: {
      ...document.agent,
      history: [
        ...document.agent.history,
        { role: 'user' as const, content: question },
        { role: 'assistant' as const, content: `Answer to ${question}` },
      ],
    },
  };
}

const questions = (document: ConversationDocument) => document.turns.map((turn) => turn.userText);
const asked = (document: ConversationDocument) =>
  document.agent.history
    .filter((message) => message.role === 'user')
    .map((message) => message.content);

const base = withTurn(createConversationDocument('c1', 0), 'run-a1', 'Alaska?');

describe('merging a conversation two tabs wrote', () => {
  it("keeps the other tab's turn and puts this tab's new turn after it, history included", () => {
    const stored = withTurn(base, 'run-b1', 'Texas?');
    const local = withTurn(base, 'run-a2', 'Hawaii?');
    const merged = mergeConversation(stored, local, {
      ran: new Set(['run-a1', 'run-a2']),
      stored: new Set(['run-a1']),
    });
    expect(questions(merged.document)).toEqual(['Alaska?', 'Texas?', 'Hawaii?']);
    expect(asked(merged.document)).toEqual(['Alaska?', 'Texas?', 'Hawaii?']);
    expect(merged.document.turns.map((turn) => turn.historyStart)).toEqual([0, 2, 4]);
    expect(merged).toMatchObject({ appendedTurns: 1, otherTurns: 1 });
  });

  it("takes this tab's newer copy of a turn it ran", () => {
    const running = withTurn(base, 'run-a2', 'Hawaii?');
    const storedEarlier = {
      ...running,
      turns: running.turns.map((turn, index) =>
        index === 1
          ? { ...turn, rounds: [{ round: 0, text: 'Ans', reasoning: '', calls: [] }] }
          : turn,
      ),
    };
    const merged = mergeConversation(storedEarlier, running, {
      ran: new Set(['run-a2']),
      stored: new Set(['run-a2']),
    });
    expect(merged.document.turns[1]?.rounds[0]?.text).toBe('Answer to Hawaii?');
    expect(merged.appendedTurns).toBe(0);
  });

  it('keeps dropped the turns Regenerate or Edit removed in the other tab', () => {
    const local = withTurn(base, 'run-a2', 'Hawaii?');
    const stored = withTurn(truncateConversation(local, 1), 'run-b1', 'Ohio?');
    const merged = mergeConversation(stored, local, {
      ran: new Set(['run-a2']),
      stored: new Set(['run-a2']),
    });
    expect(questions(merged.document)).toEqual(['Alaska?', 'Ohio?']);
    expect(asked(merged.document)).toEqual(['Alaska?', 'Ohio?']);
  });

  it('keeps dropped a turn this tab removed, and keeps the map and title the store has', () => {
    const stored = { ...withTurn(base, 'run-a2', 'Hawaii?'), title: 'Airports', titleEdited: true };
    const local = base;
    const merged = mergeConversation(stored, local, {
      ran: new Set(['run-a2']),
      stored: new Set(['run-a2']),
    });
    expect(questions(merged.document)).toEqual(['Alaska?']);
    expect(merged.document.title).toBe('Airports');
  });

  it("keeps the card this tab's turn waits on (no run while it waits), and follows another tab's card", () => {
    const proposal = { runId: 'run-a2', round: 0, calls: [], description: 'Runs a query.' };
    const waiting: ConversationDocument = {
      ...withTurn(base, 'run-a2', 'Hawaii?'),
      pendingApproval: {
        proposal,
        askedAt: 5,
        elapsedMs: 0,
        rounds: 1,
        turnIndex: 1,
        round: 0,
        callIds: ['c1'],
        edits: {},
      },
    };
    // The stored copy of the same turn is an older step, without the card.
    const storedEarlier = withTurn(base, 'run-a2', 'Hawaii?');
    const mine = mergeConversation(storedEarlier, waiting, {
      ran: new Set(['run-a2']),
      stored: new Set(['run-a2']),
    });
    expect(mine.document.pendingApproval?.turnIndex).toBe(1);
    // A tab that only follows the turn takes the stored card, not its own copy's.
    const following = mergeConversation(waiting, storedEarlier, {
      ran: new Set(),
      stored: new Set(),
    });
    expect(following.document.pendingApproval?.callIds).toEqual(['c1']);
    const decidedElsewhere = mergeConversation(storedEarlier, waiting, {
      ran: new Set(),
      stored: new Set(),
    });
    expect(decidedElsewhere.document.pendingApproval).toBeUndefined();
  });
});
