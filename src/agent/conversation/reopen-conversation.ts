// A stored conversation opened again (after a reload, or switching back to it). The document may have
// been written mid-turn: a run that was streaming, calls that were running, a card waiting. This puts it
// in the state the page can go on from, as data, before anything is shown. Nothing resumes by itself:
// a waiting card is shown again, and anything else cut off offers Continue.
import { repairHistory, unansweredCalls } from '../history/history-repair';
import { describeToolCalls } from '../proposal/describe-tool-calls';
import { proposeCalls } from '../proposal/propose-calls';
import { redactSecrets } from '../redact/redact';
import {
  isTurnActive,
  type CallRecord,
  type ConversationDocument,
  type PendingApproval,
  type TurnRecord,
} from './conversation-document';
import { settleCalls } from './turn-records';
import type { AssistantMessage, Interruption, ToolProposal } from '../types';

/** What reopening found. */
export interface ReopenedConversation {
  document: ConversationDocument;
}

/**
 * Reopens `stored`:
 * - calls waiting for the person, or approved and running when the page closed, are proposed again
 *   (the card comes back with the edits typed into it; a call never runs without a fresh approval);
 * - a turn cut off while the model streamed or calls ran keeps what it showed, marked interrupted by
 *   the reload; calls without a result are cancelled, partial text goes into the history as an
 *   interrupted assistant message (so what the model reads matches the screen), and Continue is offered;
 * - any other turn still marked running is settled.
 */
export function reopenConversation(
  stored: ConversationDocument,
  now: number,
): ReopenedConversation {
  const { run: _run, pendingApproval: _pending, ...rest } = stored;
  const waiting = waitingAgain(stored, now);
  if (waiting) return { document: waiting };
  const document: ConversationDocument = rest;
  const agent = document.agent;
  const last = document.turns.at(-1);
  if (!last || !isTurnActive(last)) return { document };
  const phase = agent.pendingTurn?.phase;
  const turns = [...document.turns];
  if (agent.status !== 'failed' && (phase === 'model' || phase === 'tool-calls')) {
    const round = last.rounds.at(-1);
    const text = round?.text ?? '';
    const reasoning = round?.reasoning ?? '';
    // A round with calls was stored with them: its text is already in the history.
    const alreadyStored = round !== undefined && round.calls.length > 0;
    const history = repairHistory(agent.history, 'the page was closed before it finished');
    if (!alreadyStored && (text.length > 0 || reasoning.length > 0)) {
      const message: AssistantMessage = {
        role: 'assistant',
        content: text,
        ...(reasoning ? { reasoning } : {}),
        interrupted: true,
      };
      history.push(message);
    }
    turns[turns.length - 1] = {
      ...settleCalls(last, 'cancelled'),
      status: 'idle',
      interrupted: true,
      interruptedBy: 'reload',
      outcome: 'aborted',
      resumable: true,
      endedAt: last.endedAt ?? now,
    };
    // The next step is a model call: every call the page closed under has its (cancelled) result.
    const pendingTurn = agent.pendingTurn && { ...agent.pendingTurn, phase: 'model' as const };
    return {
      document: {
        ...document,
        turns,
        agent: { ...agent, history, status: 'idle', ...(pendingTurn ? { pendingTurn } : {}) },
      },
    };
  }
  const settled: TurnRecord = {
    ...last,
    status: agent.status === 'failed' ? 'failed' : 'idle',
    ...(phase === 'checkpoint' ? { outcome: 'checkpoint' as const } : {}),
  };
  turns[turns.length - 1] = settled;
  return { document: { ...document, turns } };
}

/**
 * The document with its interruption shown again, when calls wait for the person (or were approved
 * and ran when the page closed); undefined otherwise.
 */
function waitingAgain(stored: ConversationDocument, now: number): ConversationDocument | undefined {
  const { run: _run, pendingApproval: pending, ...document } = stored;
  const agent = document.agent;
  const pendingTurn = agent.pendingTurn;
  if (agent.status === 'failed') return undefined;
  // Calls wait for the person (the pending approval is the record of it), or ran when the page closed.
  if (!pending && pendingTurn?.phase !== 'tool-calls') return undefined;
  const unanswered = unansweredCalls(agent.history);
  const open = new Set(unanswered.calls.map(({ call }) => call.id));
  const turnIndex = pending?.turnIndex ?? document.turns.length - 1;
  const turn = document.turns[turnIndex];
  if (!turn) return undefined;
  let interruption: Interruption;
  if (pending?.proposal) {
    interruption = {
      proposal: onlyCalls(pending.proposal, open),
      askedAt: pending.askedAt,
      elapsedMs: pending.elapsedMs,
      rounds: pending.rounds,
    };
  } else {
    // An older release kept only the ids of the calls waiting: the proposal is built from the history,
    // with the tools' names the timeline shows.
    const legacy = (pendingTurn as { awaitingApproval?: unknown } | undefined)?.awaitingApproval;
    const ids = new Set(pending?.callIds ?? (Array.isArray(legacy) ? legacy.filter(isString) : []));
    const records = turn.rounds.findLast((item) => item.calls.length > 0)?.calls ?? [];
    const sources = unanswered.calls
      .filter(({ call }) => ids.has(call.id))
      .map(({ call, callIndex }) => ({
        call,
        callIndex,
        labels: labelsOf(
          records.find((record) => record.callId === call.id) ??
            records.find((record) => record.callIndex === callIndex),
        ),
      }));
    interruption = {
      proposal: proposeCalls(
        { runId: pendingTurn?.runId ?? '', round: Math.max(0, (pendingTurn?.round ?? 1) - 1) },
        sources,
        unanswered.reasoning,
        unanswered.modelText,
      ),
      askedAt: now,
      elapsedMs: 0,
      rounds: pendingTurn?.round ?? 0,
    };
  }
  const callIds = interruption.proposal.calls.map((proposed) => proposed.call.id);
  if (callIds.length === 0) return undefined;
  const round = pending?.round ?? turn.rounds.findLast((item) => item.calls.length > 0)?.round ?? 0;
  const approval: PendingApproval = {
    ...interruption,
    turnIndex,
    round,
    callIds,
    edits: Object.fromEntries(
      Object.entries(pending?.edits ?? {}).filter(([callId]) => callIds.includes(callId)),
    ),
  };
  const turns = [...document.turns];
  const proposedIndexes = new Set(
    interruption.proposal.calls.map((proposed) => proposed.callIndex),
  );
  turns[turnIndex] = waitingTurn(turn, (call, roundNumber) =>
    call.callId !== undefined
      ? callIds.includes(call.callId)
      : roundNumber === round && proposedIndexes.has(call.callIndex),
  );
  return {
    ...document,
    turns,
    agent: {
      history: agent.history,
      ...(agent.contextSummary ? { contextSummary: agent.contextSummary } : {}),
      status: 'tool_loop',
    },
    pendingApproval: approval,
  };
}

/** The turn as it waits: proposed calls pending, any other call the page closed under cancelled. */
function waitingTurn(
  turn: TurnRecord,
  proposed: (call: CallRecord, round: number) => boolean,
): TurnRecord {
  const {
    interrupted: _interrupted,
    interruptedBy: _interruptedBy,
    outcome: _outcome,
    endedAt: _endedAt,
    resumable: _resumable,
    ...rest
  } = turn;
  return {
    ...rest,
    status: 'tool_loop',
    rounds: turn.rounds.map((round) => ({
      ...round,
      calls: round.calls.map((call): CallRecord => {
        if (proposed(call, round.round)) {
          const { startedAt: _startedAt, ...waiting } = call;
          return { ...waiting, state: 'pending' };
        }
        return call.state === 'running' || call.state === 'pending'
          ? { ...call, state: 'cancelled' }
          : call;
      }),
    })),
  };
}

/** The proposal with only the calls still open; its description says what is left. */
function onlyCalls(proposal: ToolProposal, open: Set<string>): ToolProposal {
  const calls = proposal.calls.filter((proposed) => open.has(proposed.call.id));
  if (calls.length === proposal.calls.length) return proposal;
  return {
    ...proposal,
    calls,
    description: redactSecrets(describeToolCalls(calls.map((proposed) => proposed.call))),
  };
}

function labelsOf(record: CallRecord | undefined): {
  serverId?: string;
  toolTitle?: string;
  serverTitle?: string;
} {
  if (!record) return {};
  return {
    ...(record.serverId !== undefined ? { serverId: record.serverId } : {}),
    ...(record.toolTitle !== undefined ? { toolTitle: record.toolTitle } : {}),
    ...(record.serverTitle !== undefined ? { serverTitle: record.serverTitle } : {}),
  };
}

function isString(value: unknown): value is string {
  return typeof value === 'string';
}
