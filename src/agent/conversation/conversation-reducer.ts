// The one place a conversation changes: a pure function from a document and an action to the next
// document. The agent's events build the turns; the agent's state commits replace its part; the
// person's edits on a card and the map's changes are actions too. Inputs are never mutated, so a view
// can keep the snapshot it rendered and compare by identity.
import { stopWaitingTurn } from '../history/stop-waiting-turn';
import { redactSecrets } from '../redact/redact';
import { decidedAudit, type CallAudit } from './call-audit';
import {
  CONVERSATION_VERSION,
  SUMMARY_LIMIT,
  isTurnActive,
  type ConversationDocument,
  type JsonValue,
  type LiveRun,
  type TurnRecord,
} from './conversation-document';
import { titleFromQuestion } from './conversation-title';
import { redoMap, undoMap, withMapChange, type MapChangeKind } from './map-history';
import { truncateConversation } from './truncate-conversation';
import {
  placeRound,
  resultIdOf,
  settleCalls,
  updateCalls,
  updateRound,
  updateTurn,
  withCall,
  withoutKey,
  withPersonChart,
  withRound,
} from './turn-records';
import type { ChartSpec } from '../../tools/chart/chart-spec';
import type {
  AgentErrorInfo,
  AgentEvent,
  AgentState,
  ApprovalDecision,
  TurnResult,
} from '../types';

/** Everything that can change a conversation. */
export type ConversationAction =
  | { type: 'agent-event'; event: AgentEvent; at: number }
  | { type: 'agent-state'; state: AgentState }
  | { type: 'run-settled'; runId: string; result: TurnResult; at: number }
  | { type: 'send-failed'; text: string; error: AgentErrorInfo; at: number }
  | { type: 'approval-edited'; callId: string; arguments: Record<string, unknown> }
  | { type: 'approval-decided'; decisions: ApprovalDecision[]; at: number }
  | { type: 'approval-stopped'; at: number }
  | {
      type: 'map-changed';
      map: JsonValue | undefined;
      /** A layers change is a step Undo takes back; a camera move is not. */
      change?: MapChangeKind;
      at?: number;
    }
  /** One step back or forward on the map's history: the view then restores the document's map. */
  | { type: 'map-undone' }
  | { type: 'map-redone' }
  | { type: 'result-kept'; resultId: string }
  | { type: 'result-charted'; resultId: string; chart: ChartSpec }
  | { type: 'renamed'; title: string }
  | { type: 'truncated'; turnIndex: number }
  /** A newer stored document (another tab wrote it) replaces this one whole. */
  | { type: 'synced'; document: ConversationDocument };

/** The next document. Returns `document` itself when the action changes nothing. */
export function reduceConversation(
  document: ConversationDocument,
  action: ConversationAction,
): ConversationDocument {
  switch (action.type) {
    case 'agent-event':
      return applyEvent(document, action.event, action.at);
    case 'agent-state': {
      const { history, status, pendingTurn, error, contextSummary } = action.state;
      return {
        ...document,
        agent: {
          history,
          status,
          ...(pendingTurn ? { pendingTurn } : {}),
          ...(error ? { error } : {}),
          ...(contextSummary ? { contextSummary } : {}),
        },
      };
    }
    case 'run-settled':
      return settleRun(document, action.runId, action.result, action.at);
    case 'send-failed': {
      const turn: TurnRecord = {
        runId: `failed-${action.at}`,
        userText: action.text,
        startedAt: action.at,
        endedAt: action.at,
        status: 'failed',
        outcome: 'failed',
        error: action.error,
        rounds: [],
      };
      return titled({ ...document, turns: [...endPendingTurn(document.turns), turn] }, action.text);
    }
    case 'approval-edited': {
      const pending = document.pendingApproval;
      if (!pending?.callIds.includes(action.callId)) return document;
      return {
        ...document,
        pendingApproval: {
          ...pending,
          edits: { ...pending.edits, [action.callId]: action.arguments },
        },
      };
    }
    case 'approval-decided': {
      const pending = document.pendingApproval;
      if (!pending || pending.decisions || document.run) return document;
      return auditDecisions(
        { ...document, pendingApproval: { ...pending, decisions: action.decisions } },
        action.at,
      );
    }
    case 'approval-stopped': {
      // The person stopped a turn that waited for them (or for its tools, once they decided): no run is
      // active, so the document ends it.
      const pending = document.pendingApproval;
      if (!pending || document.run) return document;
      const stopped = withoutKey(
        { ...document, agent: stopWaitingTurn(document.agent) },
        'pendingApproval',
      );
      return updateTurn(stopped, pending.turnIndex, (turn) => ({
        ...settleCalls(turn, 'cancelled'),
        status: 'idle',
        outcome: 'aborted',
        interrupted: true,
        interruptedBy: 'stop',
        endedAt: turn.endedAt ?? action.at,
      }));
    }
    case 'map-changed':
      return withMapChange(document, action.map, action.change, action.at);
    case 'map-undone':
      return undoMap(document);
    case 'map-redone':
      return redoMap(document);
    case 'result-kept':
      return document.resultIds.includes(action.resultId)
        ? document
        : { ...document, resultIds: [...document.resultIds, action.resultId] };
    case 'result-charted':
      return withPersonChart(document, action.resultId, action.chart);
    case 'renamed': {
      const title = action.title.replace(/\s+/g, ' ').trim();
      return title ? { ...document, title, titleEdited: true } : document;
    }
    case 'truncated':
      return truncateConversation(document, action.turnIndex);
    case 'synced':
      return action.document.id === document.id ? action.document : document;
  }
}

function applyEvent(
  document: ConversationDocument,
  event: AgentEvent,
  at: number,
): ConversationDocument {
  if (event.type === 'turn-start') return startRun(document, event, at);
  const run = document.run;
  if (!run || run.runId !== event.runId) return document;
  // Whatever the run does next (the retried call streams, or fails for good), it no longer waits.
  if (run.retry !== undefined && event.type !== 'retry') {
    const { retry: _retry, ...waiting } = run;
    return applyEvent({ ...document, run: waiting }, event, at);
  }
  switch (event.type) {
    case 'round-start': {
      const turn = document.turns[run.turnIndex];
      if (!turn) return document;
      const next = turn.rounds.reduce((highest, round) => Math.max(highest, round.round + 1), 0);
      const placed: LiveRun = { ...run, rounds: { ...run.rounds, [event.round]: next } };
      return updateTurn({ ...document, run: placed }, run.turnIndex, (current) =>
        withRound(current, next, (round) => ({ ...round, startedAt: round.startedAt ?? at })),
      );
    }
    case 'text-delta':
      return updateRound(document, run, event.round, (round) => ({
        ...round,
        text: round.text + event.text,
      }));
    case 'reasoning-delta':
      return updateRound(document, run, event.round, (round) => ({
        ...round,
        reasoning: round.reasoning + event.text,
      }));
    case 'tool-proposal': {
      const { interruption } = event;
      const turnRound = placeRound(document, run, event.round);
      const previous = document.pendingApproval;
      const callIds = interruption.proposal.calls.map((proposed) => proposed.call.id);
      // Edits made before the run stopped belong to the same calls when they are proposed again.
      const edits = Object.fromEntries(
        Object.entries(previous?.edits ?? {}).filter(([callId]) => callIds.includes(callId)),
      );
      const updated = updateRound(document, run, event.round, (round) => {
        let next = round;
        for (const proposed of interruption.proposal.calls) {
          next = withCall(next, proposed.callIndex, proposed.call.name, (call) => {
            const { startedAt: _startedAt, ...rest } = call;
            // Proposed again (after a reload): the record keeps when it was first proposed.
            const audit: CallAudit =
              call.audit && call.callId === proposed.call.id
                ? call.audit
                : {
                    runId: run.runId,
                    ...(run.model !== undefined ? { model: run.model } : {}),
                    proposedArguments: proposed.displayArguments,
                    decidedBy: 'asked',
                    proposedAt: at,
                  };
            return {
              ...rest,
              audit,
              callId: proposed.call.id,
              state: 'pending',
              displayArguments: proposed.displayArguments,
              ...(proposed.serverId !== undefined ? { serverId: proposed.serverId } : {}),
              ...(proposed.toolTitle !== undefined ? { toolTitle: proposed.toolTitle } : {}),
              ...(proposed.serverTitle !== undefined ? { serverTitle: proposed.serverTitle } : {}),
            };
          });
        }
        return next;
      });
      return {
        ...updated,
        pendingApproval: {
          ...interruption,
          turnIndex: run.turnIndex,
          round: turnRound,
          callIds,
          edits,
        },
      };
    }
    case 'tool-call-start':
      return updateRound(document, run, event.round, (round) =>
        withCall(round, event.callIndex, event.call.name, (call) => ({
          ...call,
          callId: event.call.id,
          state: 'running',
          startedAt: at,
          displayArguments: event.displayArguments,
          ...(event.serverId !== undefined ? { serverId: event.serverId } : {}),
          ...(event.toolTitle !== undefined ? { toolTitle: event.toolTitle } : {}),
          ...(event.serverTitle !== undefined ? { serverTitle: event.serverTitle } : {}),
          ...(event.ranWithoutAsking ? { ranWithoutAsking: true } : {}),
          // A call the card proposed has its record; any other is decided here, as it starts.
          audit: call.audit ?? {
            runId: run.runId,
            ...(run.model !== undefined ? { model: run.model } : {}),
            proposedArguments: event.displayArguments,
            // A reused answer was not allowed to run: the tool did not run at all.
            ...(event.allowedBy && event.allowedBy !== 'reused'
              ? { decision: 'approved' as const }
              : {}),
            decidedBy: event.allowedBy ?? 'not-needed',
            proposedAt: at,
            decidedAt: at,
          },
        })),
      );
    case 'tool-call-end': {
      const resultId = resultIdOf(event.result.data);
      const updated = updateRound(document, run, event.round, (round) =>
        withCall(round, event.callIndex, event.call.name, (call) => ({
          ...call,
          callId: event.call.id,
          state: event.status,
          durationMs: event.durationMs,
          resultSummary: redactSecrets(event.result.content.slice(0, SUMMARY_LIMIT)),
          ...(resultId ? { resultId } : {}),
          ...(event.result.data !== undefined ? { data: event.result.data } : {}),
          ...(event.reused ? { reused: true } : {}),
          ...(call.audit ? { audit: { ...call.audit, finishedAt: at } } : {}),
        })),
      );
      return decided(updated, event.call.id);
    }
    case 'retry':
      return updateRound(
        {
          ...document,
          run: {
            ...run,
            retry: {
              attempt: event.attempt + 1,
              attempts: Math.max(event.attempts ?? event.attempt + 1, event.attempt + 1),
              resumesAt: at + event.delayMs,
            },
          },
        },
        run,
        event.round,
        (round) => ({ ...round, retries: (round.retries ?? 0) + 1 }),
      );
    case 'round-end':
      // A round's times and tokens go on a round that began; a round-end never makes one.
      if (!hasRound(document, run, event.round)) return document;
      return updateRound(document, run, event.round, (round) => ({
        ...round,
        endedAt: at,
        ...(event.usage ? { usage: event.usage } : {}),
      }));
    case 'context-trimmed':
      return updateTurn(document, run.turnIndex, (turn) => ({
        ...turn,
        contextTrimmed: {
          droppedTurns: event.droppedTurns,
          ...(event.summarisedTurns ? { summarisedTurns: event.summarisedTurns } : {}),
          budgetTokens: event.budgetTokens,
        },
      }));
    case 'turn-end':
      // The run stopped to ask the person: the turn and its pending calls wait with the card.
      if (event.outcome === 'interrupted') return document;
      return updateTurn({ ...withoutKey(document, 'pendingApproval') }, run.turnIndex, (turn) => ({
        ...settleCalls(turn, 'cancelled'),
        status: 'idle',
        finishReason: event.finishReason,
        ...(event.outcome ? { outcome: event.outcome } : {}),
        ...(event.limit ? { limit: event.limit } : {}),
        ...(event.outcome === 'aborted' ? { interrupted: true } : {}),
        endedAt: at,
      }));
    case 'turn-error':
      return updateTurn({ ...withoutKey(document, 'pendingApproval') }, run.turnIndex, (turn) => ({
        ...settleCalls(turn, 'cancelled'),
        status: 'failed',
        outcome: 'failed',
        error: event.error,
        endedAt: at,
      }));
    case 'status':
      return updateTurn(document, run.turnIndex, (turn) =>
        turn.status === event.status ? turn : { ...turn, status: event.status },
      );
  }
}

function startRun(
  document: ConversationDocument,
  event: Extract<AgentEvent, { type: 'turn-start' }>,
  at: number,
): ConversationDocument {
  const last = document.turns.at(-1);
  if (event.resumed && last) {
    const turnIndex = document.turns.length - 1;
    const {
      error: _error,
      outcome: _outcome,
      resumable: _resumable,
      interrupted: _interrupted,
      interruptedBy: _interruptedBy,
      ...rest
    } = last;
    const run: LiveRun = {
      runId: event.runId,
      turnIndex,
      rounds: {},
      ...(event.model !== undefined ? { model: event.model } : {}),
    };
    return updateTurn({ ...document, run }, turnIndex, () => ({ ...rest, status: 'processing' }));
  }
  const turn: TurnRecord = {
    runId: event.runId,
    userText: event.userMessage,
    startedAt: at,
    status: 'processing',
    rounds: [],
    ...(event.historyIndex !== undefined ? { historyStart: event.historyIndex } : {}),
  };
  const turns = [...endPendingTurn(document.turns), turn];
  const run: LiveRun = {
    runId: event.runId,
    turnIndex: turns.length - 1,
    rounds: {},
    ...(event.model !== undefined ? { model: event.model } : {}),
  };
  return titled({ ...withoutKey(document, 'pendingApproval'), turns, run }, event.userMessage);
}

/** What the end of a run means for its turn (the result settles after the last event). */
function settleRun(
  document: ConversationDocument,
  runId: string,
  result: TurnResult,
  at: number,
): ConversationDocument {
  const run = document.run;
  if (!run || run.runId !== runId) return document;
  // An interruption leaves the turn as it is: it goes on once the person decides.
  if (result.outcome === 'interrupted') return withoutKey(document, 'run');
  const settled = updateTurn(withoutKey(document, 'run'), run.turnIndex, (turn) => {
    const next: TurnRecord = { ...turn };
    if (result.outcome === 'aborted') {
      next.interrupted = true;
      next.interruptedBy = 'stop';
    }
    if (result.outcome === 'checkpoint') next.resumable = true;
    if (isTurnActive(next)) next.status = result.outcome === 'failed' ? 'failed' : 'idle';
    if (result.error && !next.error) next.error = result.error;
    next.outcome ??= result.outcome;
    next.endedAt ??= at;
    return next;
  });
  return withoutKey(settled, 'pendingApproval');
}

/**
 * A new question ends any pending turn (the agent drops it), so its Continue goes away, and calls it
 * left waiting for the person are cancelled.
 */
function endPendingTurn(turns: TurnRecord[]): TurnRecord[] {
  const last = turns.at(-1);
  if (!last) return turns;
  if (isTurnActive(last)) {
    return [...turns.slice(0, -1), { ...settleCalls(last, 'cancelled'), status: 'idle' }];
  }
  if (!last.resumable) return turns;
  return [...turns.slice(0, -1), { ...last, resumable: false }];
}

function titled(document: ConversationDocument, question: string): ConversationDocument {
  if (document.titleEdited || document.turns.length > 1) return document;
  const title = titleFromQuestion(question);
  return title && title !== document.title ? { ...document, title } : document;
}

/** Each proposed call's audit record takes the person's decision on it. */
function auditDecisions(document: ConversationDocument, at: number): ConversationDocument {
  const pending = document.pendingApproval;
  if (!pending?.decisions) return document;
  const byCall = new Map(
    pending.proposal.calls.map((proposed, index) => [proposed.call.id, pending.decisions?.[index]]),
  );
  return updateTurn(document, pending.turnIndex, (turn) =>
    updateCalls(
      turn,
      (call) => call.callId !== undefined && byCall.get(call.callId) !== undefined,
      (call) => {
        const decision = byCall.get(call.callId ?? '');
        const audit: CallAudit = call.audit ?? {
          runId: pending.proposal.runId,
          proposedArguments: call.displayArguments,
          decidedBy: 'asked',
          proposedAt: pending.askedAt,
        };
        return decision ? { ...call, audit: decidedAudit(audit, decision, at) } : call;
      },
    ),
  );
}

function decided(document: ConversationDocument, callId: string): ConversationDocument {
  const pending = document.pendingApproval;
  if (!pending?.callIds.includes(callId)) return document;
  const callIds = pending.callIds.filter((id) => id !== callId);
  if (callIds.length === 0) return withoutKey(document, 'pendingApproval');
  const { [callId]: _dropped, ...edits } = pending.edits;
  return { ...document, pendingApproval: { ...pending, callIds, edits } };
}

/** True when `document` is a document this version reads. */
export function isCurrentVersion(document: { version?: unknown }): boolean {
  return document.version === CONVERSATION_VERSION;
}

/** True when the live run's round `runRound` is already in its turn. */
function hasRound(document: ConversationDocument, run: LiveRun, runRound: number): boolean {
  const turnRound = placeRound(document, run, runRound);
  return document.turns[run.turnIndex]?.rounds.some((round) => round.round === turnRound) ?? false;
}
