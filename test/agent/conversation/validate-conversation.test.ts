// A stored document that does not fit its type opens with its readable parts: each malformed turn, round
// and call (the security review's payloads among them) becomes a marked placeholder instead of throwing
// while the chat draws it, and a document that cannot be read at all is refused with its reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  migrateConversationV2,
  parseConversationDocument,
} from '../../../src/agent/conversation/migrate-conversation';
import { validateConversation } from '../../../src/agent/conversation/validate-conversation';
import type { ConversationDocument } from '../../../src/agent/conversation/conversation-document';

type Loose = Record<string, unknown>;

/** The stored v2 fixture as plain JSON at this version, to break in one place per test. */
function stored(): Loose & { turns: Loose[] } {
  return migrateConversationV2(
    JSON.parse(readFileSync('test/fixtures/conversations/v2-completed.json', 'utf8')),
  ) as Loose & { turns: Loose[] };
}

const roundsOf = (value: Loose, turn = 0): Loose[] =>
  (value.turns as Loose[])[turn]?.rounds as Loose[];
const callsOf = (value: Loose, round = 0): Loose[] => roundsOf(value)[round]?.calls as Loose[];

function open(value: unknown): ConversationDocument {
  return parseConversationDocument(value);
}

describe('stored documents validated on load', () => {
  it('a table whose columns are null keeps its call, without the table, marked unreadable', () => {
    const value = stored();
    callsOf(value)[0] = { ...callsOf(value)[0], data: { kind: 'table', columns: null } };
    const document = open(value);
    const call = document.turns[0]?.rounds[0]?.calls[0];
    expect(call?.name).toBe('query');
    expect(call?.unreadable).toBe(true);
    expect(call?.data).toBeUndefined();
    // The rest of the conversation is as it was.
    expect(document.turns[0]?.rounds[2]?.text).toContain('Texas has the most airports');
    expect(document.turns[1]?.userText).toBe('And the third?');
  });

  it('a table whose rows are not records, or whose total is not a number, is unreadable', () => {
    for (const data of [
      { kind: 'table', columns: [], rows: 'TX', totalRows: 1 },
      { kind: 'table', columns: [], rows: [null], totalRows: 1 },
      { kind: 'table', columns: [{ name: 'state' }], totalRows: 1 },
      { kind: 'table', columns: [], totalRows: '3' },
    ]) {
      const value = stored();
      callsOf(value)[0] = { ...callsOf(value)[0], data };
      expect(open(value).turns[0]?.rounds[0]?.calls[0]?.unreadable).toBe(true);
    }
  });

  it('a chart whose rows are not an array is unreadable, and so is a person’s chart of that shape', () => {
    const value = stored();
    const chart = { kind: 'bar', resultId: 'r-fixture-1', x: 'state', y: 'airports', rows: 'all' };
    callsOf(value)[0] = { ...callsOf(value)[0], personChart: chart };
    callsOf(value, 1)[0] = {
      ...callsOf(value, 1)[0],
      name: 'render_chart',
      data: { kind: 'chart', chart },
    };
    const document = open(value);
    const query = document.turns[0]?.rounds[0]?.calls[0];
    expect(query?.unreadable).toBe(true);
    expect(query?.personChart).toBeUndefined();
    // The table the query returned still shows.
    expect(query?.data?.kind).toBe('table');
    const render = document.turns[0]?.rounds[1]?.calls[0];
    expect(render?.unreadable).toBe(true);
    expect(render?.data).toBeUndefined();
  });

  it('MCP parts that are not parts make the call’s data unreadable', () => {
    const value = stored();
    callsOf(value)[0] = {
      ...callsOf(value)[0],
      data: { kind: 'mcp', content: [{ type: 'text' }] },
    };
    expect(open(value).turns[0]?.rounds[0]?.calls[0]?.unreadable).toBe(true);
  });

  it('calls: [null] opens with one unreadable call in place of it', () => {
    const value = stored();
    roundsOf(value)[0] = { ...roundsOf(value)[0], calls: [null, callsOf(value)[0]] };
    const calls = open(value).turns[0]?.rounds[0]?.calls ?? [];
    expect(calls).toHaveLength(2);
    expect(calls[0]).toMatchObject({ unreadable: true, name: '' });
    expect(calls[1]?.name).toBe('query');
    // Calls keep numbers of their own (the views key them by it).
    expect(new Set(calls.map((call) => call.callIndex)).size).toBe(2);
  });

  it('a round or a turn that does not fit becomes one unreadable placeholder', () => {
    const value = stored();
    roundsOf(value)[1] = { round: 1, text: 42, calls: [] };
    (value.turns as unknown[])[1] = { userText: 'no run id', rounds: [] };
    (value.turns as unknown[]).push(null);
    const document = open(value);
    expect(document.turns[0]?.rounds[1]).toMatchObject({ unreadable: true, calls: [], text: '' });
    expect(document.turns[0]?.rounds[2]?.text).toContain('Texas');
    expect(document.turns[1]).toMatchObject({ unreadable: true, rounds: [], status: 'idle' });
    expect(document.turns[2]?.unreadable).toBe(true);
    expect(new Set(document.turns.map((turn) => turn.runId)).size).toBe(3);
  });

  it('counts the placeholders it put in', () => {
    const value = stored();
    roundsOf(value)[0] = { ...roundsOf(value)[0], calls: [null, 7] };
    (value.turns as unknown[]).push('a turn');
    const validated = validateConversation(value);
    expect(validated.readable && validated.unreadableParts).toBe(3);
  });

  it('history messages that do not fit are left out, with the results of calls that went with them', () => {
    const value = stored();
    value.agent = {
      status: 'bogus',
      history: [
        { role: 'user', content: 'Which states?' },
        { role: 'assistant', content: 'x', toolCalls: [{ id: 'c1' }] },
        { role: 'tool', toolCallId: 'c1', name: 'query', content: '3 rows' },
        { role: 'assistant', content: 7 },
        { role: 'assistant', content: 'Texas.' },
      ],
      pendingTurn: { runId: 5 },
    };
    const { agent } = open(value);
    expect(agent).toEqual({
      status: 'idle',
      history: [
        { role: 'user', content: 'Which states?' },
        { role: 'assistant', content: 'Texas.' },
      ],
    });
  });

  it.each([
    ['not an object', 'it is not an object', () => 'text'],
    ['version 99', 'version 99 is not supported', () => ({ ...stored(), version: 99 })],
    ['no id', 'it has no id', () => ({ ...stored(), id: 7 })],
    ['no turns', 'it has no turns', () => ({ ...stored(), turns: null })],
  ])(
    'a document that cannot be read at all (%s) is refused with its reason',
    (_name, reason, make) => {
      expect(validateConversation(make())).toEqual({ readable: false, reason });
      expect(() => open(make())).toThrow(reason);
    },
  );

  it('a document that fits opens as it was stored', () => {
    const validated = validateConversation(stored());
    expect(validated.readable && validated.unreadableParts).toBe(0);
    expect(validated.readable && validated.document.turns[0]?.rounds[0]?.calls[0]?.unreadable).toBe(
      undefined,
    );
  });
});

describe('the summary of the oldest turns in a stored document', () => {
  const summary = { text: 'The person counted airports by state; Texas led with 2,000.', turns: 1 };

  it('survives the JSON round trip, with the turn that was summarised', () => {
    const value = stored();
    const agent = value.agent as Loose;
    value.agent = { ...agent, contextSummary: summary };
    const reread = open(JSON.parse(JSON.stringify(open(value))));
    expect(reread.agent.contextSummary).toEqual(summary);
    const turns = value.turns.map((turn) => ({
      ...turn,
      contextTrimmed: { droppedTurns: 2, summarisedTurns: 1, budgetTokens: 4_096 },
    }));
    const withNote = open(JSON.parse(JSON.stringify(open({ ...value, turns }))));
    expect(withNote.turns[1]?.contextTrimmed).toEqual({
      droppedTurns: 2,
      summarisedTurns: 1,
      budgetTokens: 4_096,
    });
  });

  it('is left out when it does not fit (the turns are then dropped as before), the rest kept', () => {
    for (const broken of [
      { text: 42, turns: 1 },
      { text: 'Texas led.', turns: 0 },
      { text: 'Texas led.', turns: 1.5 },
      { text: '', turns: 1 },
      'Texas led.',
    ]) {
      const value = stored();
      value.agent = { ...(value.agent as Loose), contextSummary: broken };
      const document = open(value);
      expect(document.agent.contextSummary).toBeUndefined();
      expect(document.agent.history.length).toBeGreaterThan(0);
    }
  });
});

describe('a waiting card in a stored document', () => {
  const proposal = {
    runId: 'run-1',
    round: 0,
    description: 'Runs a query on the airports table.',
    calls: [
      {
        callIndex: 0,
        call: { id: 'call-1', name: 'query', arguments: { sql_query: 'SELECT 1' } },
        displayArguments: { sql_query: 'SELECT 1' },
        description: 'Runs a query.',
        modifiesData: false,
      },
    ],
  };
  const waiting = {
    turnIndex: 0,
    round: 0,
    callIds: ['call-1'],
    edits: { 'call-1': { sql_query: 'SELECT 2' } },
    proposal,
    askedAt: 1000,
    elapsedMs: 2500,
    rounds: 1,
  };

  it('keeps the interruption whole, with the edits and the time and rounds used', () => {
    const value = stored();
    value.pendingApproval = waiting;
    const validated = validateConversation(value);
    expect(validated.readable && validated.document.pendingApproval).toEqual(waiting);
  });

  it('drops a pending turn in a phase of an older version (the approval phase of version 2)', () => {
    const value = stored();
    value.agent = {
      ...(value.agent as Loose),
      pendingTurn: { runId: 'run-1', phase: 'approval', round: 1 },
    };
    const validated = validateConversation(value);
    expect(validated.readable && validated.document.agent.pendingTurn).toBeUndefined();
  });

  it('drops a proposal that does not fit but keeps the call ids, for reopening to rebuild the card', () => {
    const value = stored();
    value.pendingApproval = { ...waiting, proposal: { calls: 'not a list' } };
    const validated = validateConversation(value);
    const pending = validated.readable ? validated.document.pendingApproval : undefined;
    expect(pending?.callIds).toEqual(['call-1']);
    expect(pending?.edits).toEqual(waiting.edits);
    expect(pending && 'proposal' in pending).toBe(false);
  });
});
