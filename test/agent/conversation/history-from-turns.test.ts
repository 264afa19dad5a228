// An imported conversation's history is rebuilt from what its turns show: the questions, each round's
// text, each call with the arguments and result text shown, in order; a call that could not be read is
// told to the model no more than it is shown to the person.
import { describe, expect, it } from 'vitest';
import { historyFromTurns } from '../../../src/agent/conversation/history-from-turns';
import type { TurnRecord } from '../../../src/agent/conversation/conversation-document';

const turns: TurnRecord[] = [
  {
    runId: 'imported-1',
    userText: 'First?',
    startedAt: 0,
    status: 'idle',
    rounds: [
      {
        round: 0,
        text: '',
        reasoning: 'never sent back',
        calls: [
          {
            callIndex: 0,
            name: 'query',
            displayArguments: { sql_query: 'SELECT 1' },
            state: 'declined',
          },
          { callIndex: 1, name: '', displayArguments: {}, state: 'error', unreadable: true },
          {
            callIndex: 2,
            name: 'zoom_to',
            displayArguments: { place: 'Oslo' },
            state: 'error',
            resultSummary: 'No such place.',
          },
        ],
      },
      { round: 1, text: 'Nothing ran.', reasoning: '', calls: [] },
    ],
  },
  { runId: 'imported-2', userText: 'Second?', startedAt: 1, status: 'failed', rounds: [] },
];

describe('the history of an imported conversation', () => {
  it('is what the turns show, with an id for each call and where each turn starts', () => {
    const { turns: rebuilt, history } = historyFromTurns(turns);
    const [declined, unreadable, failed] = rebuilt[0]!.rounds[0]!.calls;
    expect(declined?.callId).toBe('imported-0-0-0');
    expect(unreadable?.callId).toBeUndefined();
    expect(history).toEqual([
      { role: 'user', content: 'First?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'imported-0-0-0', name: 'query', arguments: { sql_query: 'SELECT 1' } },
          { id: 'imported-0-0-2', name: 'zoom_to', arguments: { place: 'Oslo' } },
        ],
      },
      {
        role: 'tool',
        toolCallId: 'imported-0-0-0',
        name: 'query',
        content: 'The call was declined by the user.',
      },
      {
        role: 'tool',
        toolCallId: 'imported-0-0-2',
        name: 'zoom_to',
        content: 'No such place.',
        isError: true,
      },
      { role: 'assistant', content: 'Nothing ran.' },
      { role: 'user', content: 'Second?' },
    ]);
    expect(failed?.callId).toBe('imported-0-0-2');
    expect(rebuilt.map((turn) => turn.historyStart)).toEqual([0, 5]);
  });
});
