// What the model reads of each turn, for the chat to mark: the newest request that reached the model says
// how many of the history's oldest turns it left out and how many of those it read as a summary; each
// turn is placed among the history's turns by where its question sits.
import { turnStarts } from '../context/context-window';
import { historyStartOf } from './truncate-conversation';
import type { ConversationDocument, TurnRecord } from './conversation-document';

/** How the model last read a turn: whole (or as text), as part of the summary, or not at all. */
export type TurnAsSent = 'whole' | 'summarised' | 'not-sent';

/** How the model last read each turn of `document`, one entry per turn. */
export function turnsAsSent(document: ConversationDocument): TurnAsSent[] {
  const { turns } = document;
  const trimmed = newestTrim(turns);
  if (!trimmed) return turns.map(() => 'whole');
  const { droppedTurns, summarisedTurns = 0 } = trimmed;
  const history = document.agent.history;
  const starts = turnStarts(history);
  return turns.map((turn, index): TurnAsSent => {
    if (turn.unreadable) return 'whole';
    const position = historyStartOf(history, turns, index);
    // A question that never reached the history (sending failed) was never the model's to read.
    const question = history[position];
    if (question?.role !== 'user' || question.content !== turn.userText) return 'whole';
    const ordinal = countAtOrBefore(starts, position) - 1;
    if (ordinal < summarisedTurns) return 'summarised';
    return ordinal < droppedTurns ? 'not-sent' : 'whole';
  });
}

/**
 * The trim of the newest request that left turns out, unless a later turn reached the model with every
 * turn whole; it walks back only to the newest turn that reached the model.
 */
export function newestTrim(turns: readonly TurnRecord[]): TurnRecord['contextTrimmed'] {
  for (let index = turns.length - 1; index >= 0; index -= 1) {
    const turn = turns[index] as TurnRecord;
    if (turn.contextTrimmed) return turn.contextTrimmed;
    // A turn that got an answer or a call without a trim was sent with every turn whole.
    if (turn.rounds.some((round) => round.text.length > 0 || round.calls.length > 0))
      return undefined;
  }
  return undefined;
}

/** How many of the sorted `starts` are at or before `position`. */
function countAtOrBefore(starts: readonly number[], position: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as number) <= position) low = middle + 1;
    else high = middle;
  }
  return low;
}
