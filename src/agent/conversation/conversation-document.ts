// One conversation as one versioned document: what the person saw (turns, rounds, calls), what the model
// reads (the agent's state), a pending approval with its edits, and the conversation's map. It is plain
// JSON, produced only by `reduceConversation`, and stored as one record.
import type { ChartSpec } from '../../tools/chart/chart-spec';
import type { ToolResultData } from '../../tools/tool';
import type {
  AgentState,
  AgentStatus,
  AgentErrorInfo,
  FinishReason,
  ToolCallStatus,
  TurnOutcome,
  Usage,
  WaitingApproval,
} from '../types';
import type { CallAudit } from './call-audit';
import type { MapHistory } from './map-history';

export type { AgentState } from '../types';

/**
 * The version `reduceConversation` writes; older documents are migrated on load. 3: a waiting approval
 * is one record (`pendingApproval`), no longer also a phase of the agent's pending turn.
 */
export const CONVERSATION_VERSION = 3;

/** A tool call's state in the timeline. */
export type CallState = 'pending' | 'running' | ToolCallStatus;

/** One tool call as the timeline shows it. */
export interface CallRecord {
  callIndex: number;
  /** The model's id of the call, which matches a pending approval's edits after a reload. */
  callId?: string;
  name: string;
  serverId?: string;
  /** The tool's and the server's names for people, when they have them. */
  toolTitle?: string;
  serverTitle?: string;
  /** True for an MCP call that ran without a card (auto-approve, a session allowance or its policy). */
  ranWithoutAsking?: boolean;
  /** True when an earlier identical call's kept answer served it: the tool did not run again. */
  reused?: boolean;
  /** Arguments with secrets masked. */
  displayArguments: Record<string, unknown>;
  state: CallState;
  startedAt?: number;
  durationMs?: number;
  /** The text the model read, bounded and redacted for display. */
  resultSummary?: string;
  /** The `result_id` whose rows the page keeps for this call, when it returned a table. */
  resultId?: string;
  /**
   * What the UI draws from the result (a table, a chart, MCP parts), never sent to the model. A table
   * whose rows are stored beside the document (under `resultId`) keeps no rows here.
   */
  data?: ToolResultData;
  /** The chart the person drew from this call's table (its Chart button), shown under the table. */
  personChart?: ChartSpec;
  /** Who proposed the call, what ran, who allowed it and how, and when (absent on older documents). */
  audit?: CallAudit;
  /** Set when the stored call (or what it drew) did not fit its type: shown as a sentence instead. */
  unreadable?: boolean;
}

/** One round of a turn: the model's text and reasoning, then its tool calls. Numbered from 0 per turn. */
export interface RoundRecord {
  round: number;
  text: string;
  reasoning: string;
  calls: CallRecord[];
  /** When the round began and ended (epoch milliseconds), for the trace; absent in older documents. */
  startedAt?: number;
  endedAt?: number;
  /** The tokens its model call used, when the provider reported them. */
  usage?: Usage;
  /** How many times its model call was tried again after a transient failure. */
  retries?: number;
  /** Set when the stored round did not fit its type: shown as a sentence instead. */
  unreadable?: boolean;
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
  /** The limit that ended the turn at a checkpoint: its rounds, or its time. */
  limit?: 'rounds' | 'deadline';
  /** What cut the turn short; absent means the person stopped it. */
  interruptedBy?: 'stop' | 'reload';
  /** True while the agent keeps this turn pending, so Continue can go on with it. */
  resumable?: boolean;
  /**
   * Set when the oldest turns were left out of this turn's messages to fit the model's context:
   * `droppedTurns` of the history's turns, the first `summarisedTurns` of them read as a summary.
   */
  contextTrimmed?: { droppedTurns: number; summarisedTurns?: number; budgetTokens: number };
  /** Where the turn's question sits in the agent's history, so dropping the turn cuts the history there. */
  historyStart?: number;
  /** Set when the stored turn did not fit its type: shown as a sentence instead. */
  unreadable?: boolean;
}

/**
 * The turn's interruption, the one record of a wait for the person: the calls (the card is a view of
 * this), the run and the rounds and time the turn had used, where the calls sit in the turn, the
 * arguments edited on the card so far, and, once they decided, their decisions (`WaitingApproval`) until
 * every call has a result. No run is active while it waits; the run that applies the decisions resumes
 * from this record alone (`Agent.resume` reads it as `RunInput.approval`), after a reload or in another
 * tab too.
 */
export interface PendingApproval extends WaitingApproval {
  turnIndex: number;
  /** The turn's round whose calls wait: the last round of the turn while it waits. */
  round: number;
  /** Ids of the proposed calls still without a result. */
  callIds: string[];
  /** Edited arguments by call id (the SQL typed into the card), kept across a reload. */
  edits: Record<string, Record<string, unknown>>;
}

/**
 * The live run and where its rounds land in the turn (a resumed run counts its rounds from 0 again;
 * before its first round starts, its events land in the turn's last round: a decided card's calls).
 */
export interface LiveRun {
  runId: string;
  turnIndex: number;
  /** Run round → turn round. */
  rounds: Record<number, number>;
  /** The model the run calls (`provider:model`), which each call's audit record names. */
  model?: string;
  /** Set while a failed model call waits to be tried again; cleared by the run's next event. */
  retry?: ScheduledRetry;
}

/** A model call that failed and is tried again at `resumesAt`. */
export interface ScheduledRetry {
  /** The attempt that comes next (2 for the first retry). */
  attempt: number;
  /** Attempts in all. */
  attempts: number;
  /** When it is tried again (epoch milliseconds). */
  resumesAt: number;
}

/** Plain JSON, as stored. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue | undefined };

/** One conversation, whole. */
export interface ConversationDocument {
  version: typeof CONVERSATION_VERSION;
  id: string;
  title: string;
  /** True once the person renamed the conversation: its title no longer follows the first question. */
  titleEdited?: boolean;
  createdAt: number;
  updatedAt: number;
  turns: TurnRecord[];
  agent: AgentState;
  /** Set while a run writes into a turn; a document loaded with one was cut off by a reload. */
  run?: LiveRun;
  pendingApproval?: PendingApproval;
  /** The conversation's map (drawn results, filters, styles, visibility), as the map side captures it. */
  map?: JsonValue;
  /** The steps Undo and Redo walk through on the map (map-history.ts). */
  mapHistory?: MapHistory;
  /** Result ids this conversation keeps rows for (rows are stored beside the document). */
  resultIds: string[];
  /** For a conversation imported from a file: that file's fingerprint, so a second import is known. */
  importedFrom?: string;
}

/** Characters of a result summary kept for the timeline. */
export const SUMMARY_LIMIT = 4_000;

/** The title a conversation has until its first question names it. */
export const UNTITLED = 'New chat';

/** A new, empty conversation. */
export function createConversationDocument(id: string, now: number): ConversationDocument {
  return {
    version: CONVERSATION_VERSION,
    id,
    title: UNTITLED,
    createdAt: now,
    updatedAt: now,
    turns: [],
    agent: { history: [], status: 'idle' },
    resultIds: [],
  };
}

/** The interruption waiting for the person's decision, if the card is open (not yet decided). */
export function waitingApproval(document: ConversationDocument): PendingApproval | undefined {
  const pending = document.pendingApproval;
  return pending && !pending.decisions ? pending : undefined;
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
