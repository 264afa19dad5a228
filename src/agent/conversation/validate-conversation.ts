// A stored conversation checked against its type before anything reads it. Storage, an import or a
// stash hands over unknown JSON: each turn, round and call is checked, and a part that does not fit is
// kept as a marked placeholder (`unreadable`) that the chat shows in a sentence, so one bad call never
// stops the rest of the conversation from opening. Only a document that cannot be read at all (not an
// object, another version, no id, no turns) is refused, with the reason.
import { FAILURE_KINDS } from '../failure-kind';
import {
  CONVERSATION_VERSION,
  UNTITLED,
  type AgentState,
  type CallRecord,
  type CallState,
  type ConversationDocument,
  type LiveRun,
  type PendingApproval,
  type RoundRecord,
  type TurnRecord,
} from './conversation-document';
import { resultIdOf } from './turn-records';
import { isCallAudit } from './validate-call-audit';
import { checkCallData, checkedChartSpec } from './validate-call-data';
import type {
  AgentErrorInfo,
  AgentStatus,
  ContextSummary,
  FinishReason,
  Message,
  PendingTurn,
} from '../types';
import type { MapHistory } from './map-history';

/** A document that opens (with `unreadableParts` placeholders), or why none can. */
export type ValidatedConversation =
  | { readable: true; document: ConversationDocument; unreadableParts: number }
  | { readable: false; reason: string };

type Loose = Record<string, unknown>;

const STATUSES: readonly AgentStatus[] = ['idle', 'processing', 'tool_loop', 'failed'];
const CALL_STATES: readonly CallState[] = [
  'pending',
  'running',
  'success',
  'error',
  'timeout',
  'declined',
  'cancelled',
];
const FINISH_REASONS: readonly FinishReason[] = [
  'stop',
  'tool-calls',
  'length',
  'content-filter',
  'refusal',
  'error',
  'other',
];
const OUTCOMES = ['completed', 'checkpoint', 'aborted', 'failed'];
const PHASES = ['model', 'tool-calls', 'checkpoint'];

const isRecord = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const oneOf = <T>(values: readonly T[], value: unknown): value is T => values.includes(value as T);

/** Copies the optional fields of `source` that pass their check; the others are left out. */
function optional(source: Loose, checks: Record<string, (value: unknown) => boolean>): Loose {
  const kept: Loose = {};
  for (const [key, check] of Object.entries(checks)) {
    if (source[key] !== undefined && check(source[key])) kept[key] = source[key];
  }
  return kept;
}

/** Counts the placeholders put in for parts that did not fit. */
class Tally {
  unreadable = 0;
  mark(): true {
    this.unreadable += 1;
    return true;
  }
}

/** Gives each item a number of its own (views key rounds and calls by it): clashes move past the end. */
function numbered<T>(items: T[], read: (item: T) => number, write: (item: T, n: number) => T): T[] {
  const used = new Set<number>();
  let next = Math.max(-1, ...items.map(read).filter(isNumber)) + 1;
  return items.map((item) => {
    const n = read(item);
    if (isNumber(n) && !used.has(n)) {
      used.add(n);
      return item;
    }
    used.add(next);
    return write(item, next++);
  });
}

function checkError(value: unknown): value is AgentErrorInfo {
  return (
    isRecord(value) &&
    isString(value.name) &&
    isString(value.message) &&
    (value.kind === undefined || oneOf(FAILURE_KINDS, value.kind)) &&
    (value.retryable === undefined || isBoolean(value.retryable)) &&
    (value.status === undefined || isNumber(value.status)) &&
    (value.endpoint === undefined || isString(value.endpoint)) &&
    (value.detail === undefined || isString(value.detail))
  );
}

function checkCall(value: unknown, position: number, tally: Tally): CallRecord {
  if (
    !isRecord(value) ||
    !isNumber(value.callIndex) ||
    !isString(value.name) ||
    !isRecord(value.displayArguments) ||
    !oneOf(CALL_STATES, value.state)
  ) {
    tally.mark();
    const callIndex = isRecord(value) && isNumber(value.callIndex) ? value.callIndex : position;
    return { callIndex, name: '', displayArguments: {}, state: 'error', unreadable: true };
  }
  const data = checkCallData(value.data);
  const chart = value.personChart === undefined ? undefined : checkedChartSpec(value.personChart);
  const unreadable =
    data.kind === 'unreadable' || (value.personChart !== undefined && chart === undefined);
  const resultId = isString(value.resultId)
    ? value.resultId
    : resultIdOf(data.kind === 'readable' ? data.data : undefined);
  return {
    callIndex: value.callIndex,
    name: value.name,
    displayArguments: value.displayArguments,
    state: value.state,
    ...(optional(value, {
      callId: isString,
      serverId: isString,
      toolTitle: isString,
      serverTitle: isString,
      ranWithoutAsking: isBoolean,
      reused: isBoolean,
      startedAt: isNumber,
      durationMs: isNumber,
      resultSummary: isString,
      audit: isCallAudit,
    }) as Partial<CallRecord>),
    ...(resultId ? { resultId } : {}),
    ...(data.kind === 'readable' ? { data: data.data } : {}),
    ...(chart ? { personChart: chart } : {}),
    ...(unreadable && tally.mark() ? { unreadable: true } : {}),
  };
}

function checkRound(value: unknown, position: number, tally: Tally): RoundRecord {
  if (
    !isRecord(value) ||
    !isNumber(value.round) ||
    !isString(value.text) ||
    !Array.isArray(value.calls) ||
    !(value.reasoning === undefined || isString(value.reasoning))
  ) {
    tally.mark();
    const round = isRecord(value) && isNumber(value.round) ? value.round : position;
    return { round, text: '', reasoning: '', calls: [], unreadable: true };
  }
  const calls = value.calls.map((call, index) => checkCall(call, index, tally));
  return {
    round: value.round,
    text: value.text,
    reasoning: value.reasoning ?? '',
    calls: numbered(
      calls,
      (call) => call.callIndex,
      (call, callIndex) => ({ ...call, callIndex }),
    ),
    ...(optional(value, {
      startedAt: isNumber,
      endedAt: isNumber,
      retries: isNumber,
      usage: (usage) =>
        isRecord(usage) &&
        (usage.inputTokens === undefined || isNumber(usage.inputTokens)) &&
        (usage.outputTokens === undefined || isNumber(usage.outputTokens)),
    }) as Partial<RoundRecord>),
  };
}

function checkTurn(value: unknown, position: number, tally: Tally): TurnRecord {
  if (
    !isRecord(value) ||
    !isString(value.runId) ||
    !isString(value.userText) ||
    !isNumber(value.startedAt) ||
    !oneOf(STATUSES, value.status) ||
    !Array.isArray(value.rounds)
  ) {
    tally.mark();
    return {
      runId: `unreadable-${position}`,
      userText: '',
      startedAt: 0,
      status: 'idle',
      rounds: [],
      unreadable: true,
    };
  }
  const rounds = value.rounds.map((round, index) => checkRound(round, index, tally));
  return {
    runId: value.runId,
    userText: value.userText,
    startedAt: value.startedAt,
    status: value.status,
    rounds: numbered(
      rounds,
      (round) => round.round,
      (round, n) => ({ ...round, round: n }),
    ),
    ...(optional(value, {
      endedAt: isNumber,
      finishReason: (reason) => oneOf(FINISH_REASONS, reason),
      outcome: (outcome) => oneOf(OUTCOMES, outcome),
      error: checkError,
      interrupted: isBoolean,
      interruptedBy: (by) => by === 'stop' || by === 'reload',
      limit: (limit) => limit === 'rounds' || limit === 'deadline',
      resumable: isBoolean,
      contextTrimmed: (trimmed) =>
        isRecord(trimmed) &&
        isNumber(trimmed.droppedTurns) &&
        isNumber(trimmed.budgetTokens) &&
        (trimmed.summarisedTurns === undefined || isNumber(trimmed.summarisedTurns)),
      historyStart: isNumber,
    }) as Partial<TurnRecord>),
  };
}

/** The turns of a document (or of a version-1 conversation), each checked; placeholders counted. */
export function checkTurns(values: unknown[]): { turns: TurnRecord[]; unreadableParts: number } {
  const tally = new Tally();
  const turns = values.map((turn, index) => checkTurn(turn, index, tally));
  return { turns, unreadableParts: tally.unreadable };
}

function isToolCall(value: unknown): boolean {
  return isRecord(value) && isString(value.id) && isString(value.name) && isRecord(value.arguments);
}

function isMessage(value: unknown): value is Message {
  if (!isRecord(value) || !isString(value.content)) return false;
  switch (value.role) {
    case 'system':
    case 'user':
      return true;
    case 'assistant':
      return (
        (value.toolCalls === undefined ||
          (Array.isArray(value.toolCalls) && value.toolCalls.every(isToolCall))) &&
        (value.reasoning === undefined || isString(value.reasoning))
      );
    case 'tool':
      return isString(value.toolCallId) && isString(value.name);
    default:
      return false;
  }
}

/**
 * The agent's state: messages that do not fit are left out, and so is a tool result whose call went
 * with them (a provider refuses a result without its call); a malformed pending turn is dropped.
 */
export function checkAgentState(value: unknown): AgentState {
  if (!isRecord(value)) return { history: [], status: 'idle' };
  const calls = new Set<string>();
  const history: Message[] = [];
  for (const message of Array.isArray(value.history) ? value.history : []) {
    if (!isMessage(message)) continue;
    if (message.role === 'assistant')
      for (const call of message.toolCalls ?? []) calls.add(call.id);
    if (message.role === 'tool' && !calls.has(message.toolCallId)) continue;
    history.push(message);
  }
  const pending = value.pendingTurn;
  const pendingFits =
    isRecord(pending) &&
    isString(pending.runId) &&
    oneOf(PHASES, pending.phase) &&
    isNumber(pending.round);
  return {
    history,
    status: oneOf(STATUSES, value.status) ? value.status : 'idle',
    ...(pendingFits ? { pendingTurn: pending as unknown as PendingTurn } : {}),
    ...(checkError(value.error) ? { error: value.error } : {}),
    ...(isContextSummary(value.contextSummary) ? { contextSummary: value.contextSummary } : {}),
  };
}

/** A stored summary of the oldest turns; one that does not fit is left out (the turns are then dropped). */
function isContextSummary(value: unknown): value is ContextSummary {
  return (
    isRecord(value) &&
    isString(value.text) &&
    value.text.length > 0 &&
    isNumber(value.turns) &&
    Number.isInteger(value.turns) &&
    value.turns > 0
  );
}

function isLiveRun(value: unknown): value is LiveRun {
  return (
    isRecord(value) &&
    isString(value.runId) &&
    isNumber(value.turnIndex) &&
    isRecord(value.rounds) &&
    Object.values(value.rounds).every(isNumber) &&
    (value.model === undefined || isString(value.model))
  );
}

/** The map's Undo steps: maps (or null, the publisher's) before and after the current one. */
function isMapHistory(value: unknown): value is MapHistory {
  const isStep = (step: unknown): boolean => step === null || isRecord(step);
  return (
    isRecord(value) &&
    Array.isArray(value.past) &&
    value.past.every(isStep) &&
    Array.isArray(value.future) &&
    value.future.every(isStep) &&
    (value.changedAt === undefined || isNumber(value.changedAt))
  );
}

function isProposedCall(value: unknown): boolean {
  return (
    isRecord(value) &&
    isNumber(value.callIndex) &&
    isRecord(value.call) &&
    isString(value.call.id) &&
    isString(value.call.name) &&
    isRecord(value.call.arguments) &&
    isRecord(value.displayArguments) &&
    isString(value.description)
  );
}

function isProposal(value: unknown): boolean {
  return (
    isRecord(value) &&
    isString(value.runId) &&
    isNumber(value.round) &&
    isString(value.description) &&
    (value.askedExplanation === undefined || isString(value.askedExplanation)) &&
    Array.isArray(value.calls) &&
    value.calls.every(isProposedCall)
  );
}

/**
 * A waiting card: its calls and edits, and the interruption the card shows. An interruption that does
 * not fit (or a card stored by an older release, which kept only the call ids) is left out, and
 * reopening builds it again from the history (reopen-conversation.ts).
 */
function checkPendingApproval(value: unknown): PendingApproval | undefined {
  const fits =
    isRecord(value) &&
    isNumber(value.turnIndex) &&
    isNumber(value.round) &&
    Array.isArray(value.callIds) &&
    value.callIds.every(isString) &&
    isRecord(value.edits) &&
    Object.values(value.edits).every(isRecord);
  if (!fits) return undefined;
  const interruption =
    isProposal(value.proposal) &&
    isNumber(value.askedAt) &&
    isNumber(value.elapsedMs) &&
    isNumber(value.rounds);
  const {
    proposal: _proposal,
    askedAt: _askedAt,
    elapsedMs: _elapsed,
    rounds: _rounds,
    ...rest
  } = value;
  const decisions = Array.isArray(value.decisions) && value.decisions.every(isRecord);
  const { decisions: _decisions, ...kept } = interruption ? value : rest;
  return {
    ...kept,
    ...(decisions ? { decisions: value.decisions } : {}),
  } as unknown as PendingApproval;
}

function pendingApprovalOf(value: unknown): { pendingApproval?: PendingApproval } {
  const pendingApproval = checkPendingApproval(value);
  return pendingApproval ? { pendingApproval } : {};
}

/** Checks a stored document of the current version; never throws. */
export function validateConversation(value: unknown, now = Date.now()): ValidatedConversation {
  const refuse = (reason: string): ValidatedConversation => ({ readable: false, reason });
  if (!isRecord(value)) return refuse('it is not an object');
  if (value.version !== CONVERSATION_VERSION)
    return refuse(`version ${String(value.version)} is not supported`);
  if (!isString(value.id) || value.id === '') return refuse('it has no id');
  if (!Array.isArray(value.turns)) return refuse('it has no turns');
  let copy: Loose;
  try {
    copy = structuredClone(value);
  } catch {
    return refuse('it is not plain data');
  }
  const { turns, unreadableParts } = checkTurns(copy.turns as unknown[]);
  const document: ConversationDocument = {
    version: CONVERSATION_VERSION,
    id: value.id,
    title: isString(copy.title) && copy.title.trim() ? copy.title : UNTITLED,
    ...(copy.titleEdited === true ? { titleEdited: true } : {}),
    createdAt: isNumber(copy.createdAt) ? copy.createdAt : now,
    updatedAt: isNumber(copy.updatedAt) ? copy.updatedAt : now,
    turns,
    agent: checkAgentState(copy.agent),
    ...(isLiveRun(copy.run) ? { run: copy.run } : {}),
    ...pendingApprovalOf(copy.pendingApproval),
    ...(isRecord(copy.map) ? { map: copy.map as ConversationDocument['map'] } : {}),
    ...(isMapHistory(copy.mapHistory) ? { mapHistory: copy.mapHistory } : {}),
    resultIds: Array.isArray(copy.resultIds) ? copy.resultIds.filter(isString) : [],
    ...(isString(copy.importedFrom) ? { importedFrom: copy.importedFrom } : {}),
  };
  return { readable: true, document, unreadableParts };
}
