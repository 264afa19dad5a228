// The ways a run ends: an answer, a stop, a failure, a checkpoint at a limit, or an interruption that
// waits for the person. Each but the interruption leaves the history consistent (every call has a
// result); each writes the state.
import { errorMessage } from '../../errors/error-message';
import { toErrorInfo, type AgentError } from '../failures/errors';
import { repairHistory } from '../history/history-repair';
import { callModel, newDraft, type RoundDraft } from './model-call';
import { setStatus, turnMessages, type RunContext } from './run-context';
import type { FinishReason, Interruption, ToolProposal, TurnResult, Usage } from '../types';

/** Usage summed over a run's model calls. */
export interface RunTotals {
  rounds: number;
  usage: Usage | undefined;
}

/** Adds one call's usage to the totals. */
export function addUsage(totals: RunTotals, usage: Usage | undefined): void {
  if (!usage) return;
  const sum = (left?: number, right?: number): number | undefined =>
    left === undefined && right === undefined ? undefined : (left ?? 0) + (right ?? 0);
  const input = sum(totals.usage?.inputTokens, usage.inputTokens);
  const output = sum(totals.usage?.outputTokens, usage.outputTokens);
  totals.usage = {
    ...(input === undefined ? {} : { inputTokens: input }),
    ...(output === undefined ? {} : { outputTokens: output }),
  };
}

function result(
  run: RunContext,
  totals: RunTotals,
  fields: Omit<TurnResult, 'runId' | 'rounds' | 'usage'>,
): TurnResult {
  return {
    runId: run.runId,
    rounds: totals.rounds,
    ...(totals.usage ? { usage: totals.usage } : {}),
    ...fields,
  };
}

/** The model answered: the turn is complete. */
export function completeTurn(
  run: RunContext,
  totals: RunTotals,
  text: string,
  finishReason: FinishReason,
): TurnResult {
  run.state.pendingTurn = undefined;
  setStatus(run, 'idle');
  run.emit({
    type: 'turn-end',
    runId: run.runId,
    round: run.round,
    finishReason,
    text,
    outcome: 'completed',
  });
  return result(run, totals, { outcome: 'completed', finishReason, text });
}

/**
 * Calls wait for the person: the run ends here and nothing stays open. The proposal and the budget used
 * so far are handed back as data (the event and the result), to be stored and resumed from.
 */
export function interruptTurn(
  run: RunContext,
  totals: RunTotals,
  proposal: ToolProposal,
): TurnResult {
  const now = run.settings.now();
  const interruption: Interruption = {
    proposal,
    askedAt: now,
    elapsedMs: run.elapsedBefore + Math.max(0, now - run.startedAt),
    rounds: totals.rounds,
  };
  // The interruption is the one record of the wait (stored as the document's pending approval).
  run.state.pendingTurn = undefined;
  run.state.commit();
  run.emit({ type: 'tool-proposal', runId: run.runId, round: run.round, interruption });
  run.emit({
    type: 'turn-end',
    runId: run.runId,
    round: run.round,
    finishReason: 'tool-calls',
    text: '',
    outcome: 'interrupted',
  });
  return result(run, totals, {
    outcome: 'interrupted',
    finishReason: 'tool-calls',
    text: '',
    interruption,
  });
}

/** The person stopped the turn. */
export function stopTurn(run: RunContext, totals: RunTotals, partialText: string): TurnResult {
  run.state.history = repairHistory(run.state.history, 'stopped by the user');
  run.state.pendingTurn = undefined;
  setStatus(run, 'idle');
  run.emit({
    type: 'turn-end',
    runId: run.runId,
    round: run.round,
    finishReason: 'other',
    text: partialText,
    outcome: 'aborted',
  });
  return result(run, totals, { outcome: 'aborted', finishReason: 'other', text: partialText });
}

/** The turn failed for good; `resume()` may try the model call again. */
export function failTurn(
  run: RunContext,
  totals: RunTotals,
  error: AgentError,
  partialText = '',
): TurnResult {
  run.state.history = repairHistory(run.state.history, `the turn failed: ${errorMessage(error)}`);
  const info = toErrorInfo(error);
  run.state.pendingTurn = { runId: run.runId, phase: 'model', round: totals.rounds };
  run.state.error = info;
  run.state.status = 'failed';
  run.state.commit();
  run.emit({ type: 'status', runId: run.runId, round: run.round, status: 'failed' });
  run.emit({ type: 'turn-error', runId: run.runId, round: run.round, error: info });
  return result(run, totals, {
    outcome: 'failed',
    finishReason: 'error',
    text: partialText,
    error: info,
  });
}

/**
 * A limit was reached: one last model call without tools summarises the progress, and the turn is kept
 * as a checkpoint that `resume()` continues.
 */
export async function checkpointTurn(
  run: RunContext,
  totals: RunTotals,
  limit: 'rounds' | 'deadline',
): Promise<TurnResult> {
  const reason =
    limit === 'rounds' ? 'the round limit was reached' : "the turn's time limit was reached";
  run.state.history = repairHistory(run.state.history, reason);
  run.state.pendingTurn = { runId: run.runId, phase: 'checkpoint', round: totals.rounds, limit };
  run.state.commit();
  const what =
    limit === 'rounds'
      ? `the limit of ${run.settings.maxRounds} tool rounds for one turn`
      : `the time limit of ${Math.round(run.settings.deadlineMs / 1000)} seconds for one turn`;
  const instruction =
    `[Mapwright] You have reached ${what}. Do not call any tool now. In a few sentences, summarise ` +
    'what you have found so far and what is left to do. The person can press Continue to let you go on.';
  const draft = newDraft();
  const summarySignal = AbortSignal.any([
    run.stopSignal,
    AbortSignal.timeout(run.settings.summaryTimeoutMs),
  ]);
  run.round = totals.rounds;
  run.emit({ type: 'round-start', runId: run.runId, round: run.round });
  try {
    const messages = turnMessages(run, [{ role: 'user', content: instruction }]);
    await callModel(
      run,
      { messages },
      summarySignal,
      draft,
      run.settings.now() + run.settings.summaryTimeoutMs,
    );
    addUsage(totals, draft.usage);
  } catch (error) {
    if (draft.text.length > 0)
      run.state.append({ role: 'assistant', content: draft.text, interrupted: true });
    if (run.stopSignal.aborted) return stopTurn(run, totals, draft.text);
    run.warn(`The progress summary failed: ${errorMessage(error)}`);
    return endCheckpoint(run, totals, draft, limit);
  }
  if (draft.text.length > 0) run.state.append({ role: 'assistant', content: draft.text });
  return endCheckpoint(run, totals, draft, limit);
}

function endCheckpoint(
  run: RunContext,
  totals: RunTotals,
  draft: RoundDraft,
  limit: 'rounds' | 'deadline',
): TurnResult {
  const { text } = draft;
  run.emit({
    type: 'round-end',
    runId: run.runId,
    round: run.round,
    ...(draft.usage ? { usage: draft.usage } : {}),
  });
  setStatus(run, 'idle');
  run.emit({
    type: 'turn-end',
    runId: run.runId,
    round: run.round,
    finishReason: 'length',
    text,
    outcome: 'checkpoint',
    limit,
  });
  return result(run, totals, { outcome: 'checkpoint', finishReason: 'length', text });
}
