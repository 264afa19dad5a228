// The summary call: when a round leaves out turns its stored summary does not cover, one short call to
// the same model condenses them (with that summary) before the round is sent. It is bounded in time and
// never fails the turn: without a summary the round goes as before, the turns left out with a note.
import { errorMessage } from '../../errors/error-message';
import { keptSummary, summaryRequest } from '../context/context-summary';
import { turnStarts } from '../context/context-window';
import { sideRequestText } from '../model/side-request-text';
import { redactSecrets } from '../redact/redact';
import type { ContextSummary } from '../types';
import type { RunContext } from './run-context';

/**
 * A summary of the history's first `droppedTurns` turns, built on the stored one when it covers some of
 * them, or undefined when the call failed, timed out or was stopped (the run then drops the turns).
 */
export async function summarizeDroppedTurns(
  run: RunContext,
  droppedTurns: number,
): Promise<ContextSummary | undefined> {
  const stored = run.state.contextSummary;
  const previous = stored && stored.turns > 0 && stored.turns < droppedTurns ? stored : undefined;
  const starts = turnStarts(run.state.history);
  const dropped = run.state.history.slice(
    starts[previous?.turns ?? 0] ?? 0,
    starts[droppedTurns] ?? run.state.history.length,
  );
  const timeoutMs = Math.min(run.settings.summaryTimeoutMs, run.deadlineAt - run.settings.now());
  if (timeoutMs <= 0 || run.signal.aborted) return undefined;
  const signal = AbortSignal.any([run.signal, AbortSignal.timeout(timeoutMs)]);
  const request = summaryRequest(previous, dropped, run.settings.context.budgetTokens);
  let text: string;
  try {
    text = await sideRequestText(run.model, request, signal);
  } catch (error) {
    run.warn(`The summary of earlier turns failed: ${errorMessage(error)}`);
    return undefined;
  }
  // The history it reads is what the model was sent; the answer is masked again all the same.
  return keptSummary(redactSecrets(text), droppedTurns);
}
