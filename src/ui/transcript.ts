// What the person saw, as data: the chat renders from it and storage persists it, so a reload loses nothing.
import { redactSecrets } from '../agent/redact';
import type {
  AgentErrorInfo,
  AgentEvent,
  AgentStatus,
  FinishReason,
  ToolCallStatus,
  TurnOutcome,
} from '../agent/types';

/** A tool call's state in the timeline. */
export type CallState = 'pending' | 'running' | ToolCallStatus;

/** One tool call as the timeline shows it. */
export interface CallRecord {
  callIndex: number;
  name: string;
  serverId?: string;
  /** Arguments with secrets masked. */
  displayArguments: Record<string, unknown>;
  state: CallState;
  startedAt?: number;
  durationMs?: number;
  /** The text the model read, bounded for display. */
  resultSummary?: string;
  /** What the UI draws from the result (table rows, a chart), never sent to the model. */
  data?: unknown;
}

/** One round: the model's text and reasoning, then its tool calls. */
export interface RoundRecord {
  round: number;
  text: string;
  reasoning: string;
  calls: CallRecord[];
}

/** One turn: a question and everything that answered it. */
export interface TurnRecord {
  runId: string;
  userText: string;
  startedAt: number;
  endedAt?: number;
  status: AgentStatus;
  rounds: RoundRecord[];
  finishReason?: FinishReason;
  outcome?: TurnOutcome;
  error?: AgentErrorInfo;
  /** True when the turn was cut short: the person stopped it, or a reload cut it off mid-stream. */
  interrupted?: boolean;
  /** What cut the turn short; absent means the person stopped it. */
  interruptedBy?: 'stop' | 'reload';
  /** True while the agent keeps this turn pending, so Continue can go on with it. */
  resumable?: boolean;
}

/** Characters of a result summary kept for the timeline. */
export const SUMMARY_LIMIT = 4_000;

/** Rows of a result kept with the transcript, so a reload shows the table again. */
export const PERSISTED_ROW_LIMIT = 2_000;

/** A new turn for a question. */
export function createTurn(runId: string, userText: string, now = Date.now()): TurnRecord {
  return { runId, userText, startedAt: now, status: 'processing', rounds: [] };
}

function roundOf(turn: TurnRecord, round: number): RoundRecord {
  let record = turn.rounds.find((candidate) => candidate.round === round);
  if (!record) {
    record = { round, text: '', reasoning: '', calls: [] };
    turn.rounds.push(record);
    turn.rounds.sort((left, right) => left.round - right.round);
  }
  return record;
}

function callOf(round: RoundRecord, callIndex: number, name: string): CallRecord {
  let record = round.calls.find((candidate) => candidate.callIndex === callIndex);
  if (!record) {
    record = { callIndex, name, displayArguments: {}, state: 'pending' };
    round.calls.push(record);
    round.calls.sort((left, right) => left.callIndex - right.callIndex);
  }
  return record;
}

/** Applies one agent event to its turn (in place, so streaming stays cheap); false when it changed nothing. */
export function applyAgentEvent(turn: TurnRecord, event: AgentEvent, now = Date.now()): boolean {
  switch (event.type) {
    case 'turn-start':
      turn.status = 'processing';
      return true;
    case 'round-start':
      roundOf(turn, event.round);
      return true;
    case 'text-delta':
      roundOf(turn, event.round).text += event.text;
      return true;
    case 'reasoning-delta':
      roundOf(turn, event.round).reasoning += event.text;
      return true;
    case 'tool-proposal': {
      const round = roundOf(turn, event.round);
      for (const proposed of event.proposal.calls) {
        const call = callOf(round, proposed.callIndex, proposed.call.name);
        // A call proposed again after a reload waits for the person, whatever it showed before.
        call.state = 'pending';
        delete call.startedAt;
        call.displayArguments = proposed.displayArguments;
        if (proposed.serverId !== undefined) call.serverId = proposed.serverId;
      }
      return true;
    }
    case 'tool-call-start': {
      const call = callOf(roundOf(turn, event.round), event.callIndex, event.call.name);
      call.state = 'running';
      call.startedAt = now;
      call.displayArguments = event.displayArguments;
      if (event.serverId !== undefined) call.serverId = event.serverId;
      return true;
    }
    case 'tool-call-end': {
      const call = callOf(roundOf(turn, event.round), event.callIndex, event.call.name);
      call.state = event.status;
      call.durationMs = event.durationMs;
      call.resultSummary = redactSecrets(event.result.content.slice(0, SUMMARY_LIMIT));
      if (event.result.data !== undefined) call.data = event.result.data;
      return true;
    }
    case 'round-end':
      return false;
    case 'turn-end':
      turn.status = 'idle';
      turn.finishReason = event.finishReason;
      if (event.outcome) turn.outcome = event.outcome;
      if (event.outcome === 'aborted') turn.interrupted = true;
      turn.endedAt = now;
      settleCalls(turn, 'cancelled');
      return true;
    case 'turn-error':
      turn.status = 'failed';
      turn.outcome = 'failed';
      turn.error = event.error;
      turn.endedAt = now;
      settleCalls(turn, 'cancelled');
      return true;
    case 'status':
      turn.status = event.status;
      return true;
    case 'retry':
      return false;
  }
}

/** Marks calls that never finished (the turn ended under them). */
export function settleCalls(turn: TurnRecord, state: CallState): void {
  for (const round of turn.rounds) {
    for (const call of round.calls) {
      if (call.state === 'pending' || call.state === 'running') call.state = state;
    }
  }
}

/** The whole answer text of a turn (every round's text, in order). */
export function turnText(turn: TurnRecord): string {
  return turn.rounds
    .map((round) => round.text)
    .filter((text) => text.length > 0)
    .join('\n\n');
}

/** True while the turn can still change. */
export function isTurnActive(turn: TurnRecord): boolean {
  return turn.status === 'processing' || turn.status === 'tool_loop';
}
