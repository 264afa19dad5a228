// Immutable updates of a conversation's records: a round of the live run, a turn, a call in a round,
// the calls of a turn settled at once. The reducer (conversation-reducer.ts) builds every change from
// these, so no view ever sees a record it rendered change under it.
import type { ChartSpec } from '../../tools/chart/chart-spec';
import type { ToolResultData } from '../../tools/tool';
import type {
  CallRecord,
  CallState,
  ConversationDocument,
  LiveRun,
  RoundRecord,
  TurnRecord,
} from './conversation-document';

/**
 * The turn round a run round lands in (a resumed run counts its rounds from 0 again). Before the run's
 * first round starts, its events land in the turn's last round: where a decided card's calls wait.
 */
export function placeRound(document: ConversationDocument, run: LiveRun, runRound: number): number {
  const mapped = run.rounds[runRound];
  if (mapped !== undefined) return mapped;
  if (Object.keys(run.rounds).length > 0) return runRound;
  return document.turns[run.turnIndex]?.rounds.at(-1)?.round ?? 0;
}

/** The document with `change` applied to the live run's round `runRound`. */
export function updateRound(
  document: ConversationDocument,
  run: LiveRun,
  runRound: number,
  change: (round: RoundRecord) => RoundRecord,
): ConversationDocument {
  const turnRound = placeRound(document, run, runRound);
  return updateTurn(document, run.turnIndex, (turn) => withRound(turn, turnRound, change));
}

/** The document with `change` applied to turn `turnIndex`. */
export function updateTurn(
  document: ConversationDocument,
  turnIndex: number,
  change: (turn: TurnRecord) => TurnRecord,
): ConversationDocument {
  const turn = document.turns[turnIndex];
  if (!turn) return document;
  const next = change(turn);
  if (next === turn) return document;
  const turns = [...document.turns];
  turns[turnIndex] = next;
  return { ...document, turns };
}

/** The turn with `change` applied to round `index`, which is added when it is new. */
export function withRound(
  turn: TurnRecord,
  roundNumber: number,
  change: (round: RoundRecord) => RoundRecord,
): TurnRecord {
  const index = turn.rounds.findIndex((round) => round.round === roundNumber);
  const current = turn.rounds[index] ?? { round: roundNumber, text: '', reasoning: '', calls: [] };
  const next = change(current);
  if (index !== -1 && next === current) return turn;
  const rounds = [...turn.rounds];
  if (index === -1) {
    rounds.push(next);
    rounds.sort((left, right) => left.round - right.round);
  } else {
    rounds[index] = next;
  }
  return { ...turn, rounds };
}

/** The round with `change` applied to call `callIndex`, which is added when it is new. */
export function withCall(
  round: RoundRecord,
  callIndex: number,
  name: string,
  change: (call: CallRecord) => CallRecord,
): RoundRecord {
  const index = round.calls.findIndex((call) => call.callIndex === callIndex);
  const current: CallRecord = round.calls[index] ?? {
    callIndex,
    name,
    displayArguments: {},
    state: 'pending',
  };
  const calls = [...round.calls];
  if (index === -1) {
    calls.push(change(current));
    calls.sort((left, right) => left.callIndex - right.callIndex);
  } else {
    calls[index] = change(current);
  }
  return { ...round, calls };
}

/**
 * The person's chart on every call whose table is `resultId` (one, in practice): it belongs to the
 * turn that asked for the result, and comes back under that table.
 */
export function withPersonChart(
  document: ConversationDocument,
  resultId: string,
  chart: ChartSpec,
): ConversationDocument {
  const charts = (call: CallRecord): boolean =>
    call.data?.kind === 'table' && resultIdOf(call.data) === resultId;
  const turns = document.turns.map((turn) =>
    updateCalls(turn, charts, (call) => ({ ...call, personChart: chart })),
  );
  return turns.every((turn, index) => turn === document.turns[index])
    ? document
    : { ...document, turns };
}

/** The turn with `update` applied to each call `matches` picks; the same turn when none does. */
export function updateCalls(
  turn: TurnRecord,
  matches: (call: CallRecord) => boolean,
  update: (call: CallRecord) => CallRecord,
): TurnRecord {
  if (!turn.rounds.some((round) => round.calls.some(matches))) return turn;
  return {
    ...turn,
    rounds: turn.rounds.map((round) =>
      round.calls.some(matches)
        ? { ...round, calls: round.calls.map((call) => (matches(call) ? update(call) : call)) }
        : round,
    ),
  };
}

/** Marks calls that never finished (the turn ended under them). */
export function settleCalls(turn: TurnRecord, state: CallState): TurnRecord {
  return markCalls(markCalls(turn, 'pending', state), 'running', state);
}

/** Moves every call in state `from` to state `to`. */
export function markCalls(turn: TurnRecord, from: CallState, to: CallState): TurnRecord {
  return updateCalls(
    turn,
    (call) => call.state === from,
    (call) => ({ ...call, state: to }),
  );
}

/** The document without `key` (the same document when it has none). */
export function withoutKey<K extends 'run' | 'pendingApproval' | 'map'>(
  document: ConversationDocument,
  key: K,
): ConversationDocument {
  if (!(key in document)) return document;
  const copy = { ...document };
  delete copy[key];
  return copy;
}

/** The result id of a table whose rows the page keeps (and the conversation stores beside it). */
export function resultIdOf(data: ToolResultData | undefined): string | undefined {
  return data?.kind === 'table' ? data.resultId : undefined;
}
