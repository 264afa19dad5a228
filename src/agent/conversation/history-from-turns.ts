// The agent history of a conversation that came from a file (Import), rebuilt from what its turns show:
// each question, each round's text, each call's arguments and the result text shown under it. A
// history written into the file is never trusted: a tool result in it that appears nowhere on screen
// would reach the model with the next question, unseen by the person who imported it.
import type { Message, ToolCall } from '../types';
import type { CallRecord, TurnRecord } from './conversation-document';

/** The history and the turns it was built from (each call given an id, each turn its history start). */
export interface RebuiltHistory {
  turns: TurnRecord[];
  history: Message[];
}

/** What the model reads of a call that shows no result text. */
function resultText(call: CallRecord): string {
  if (call.resultSummary !== undefined) return call.resultSummary;
  if (call.state === 'declined') return 'The call was declined by the user.';
  if (call.state === 'cancelled') return 'The call was cancelled.';
  return `The call ended: ${call.state}.`;
}

/** The history the turns show; calls without an id get one from their turn, round and place. */
export function historyFromTurns(turns: readonly TurnRecord[]): RebuiltHistory {
  const history: Message[] = [];
  const rebuilt = turns.map((turn, turnIndex): TurnRecord => {
    const historyStart = history.length;
    history.push({ role: 'user', content: turn.userText });
    const rounds = turn.rounds.map((round) => {
      // A call that could not be read shows only a sentence: the model is not told of it either.
      const calls = round.calls.map((call) =>
        call.unreadable || call.name === ''
          ? call
          : {
              ...call,
              callId: call.callId ?? `imported-${turnIndex}-${round.round}-${call.callIndex}`,
            },
      );
      const shown = calls.filter((call) => call.callId !== undefined && !call.unreadable);
      if (shown.length > 0) {
        const toolCalls: ToolCall[] = shown.map((call) => ({
          id: call.callId!,
          name: call.name,
          arguments: call.displayArguments,
        }));
        history.push({ role: 'assistant', content: round.text, toolCalls });
        for (const call of shown) {
          history.push({
            role: 'tool',
            toolCallId: call.callId!,
            name: call.name,
            content: resultText(call),
            ...(call.state === 'error' || call.state === 'timeout' ? { isError: true } : {}),
          });
        }
      } else if (round.text !== '') history.push({ role: 'assistant', content: round.text });
      return { ...round, calls };
    });
    return { ...turn, rounds, historyStart };
  });
  return { turns: rebuilt, history };
}
