// The round loop of one run. Each round's outcome is data (answer, tool round, interruption); the
// endings live in turn-ending.ts, tool execution in tool-execution.ts, the model call in model-call.ts.
import { InternalError, ModelBehaviorError, toModelError } from '../failures/errors';
import { repairHistory } from '../history/history-repair';
import { applyDecisions, buildProposal, explainIfSilent } from './approval-step';
import { callModel, newDraft, type RoundDraft } from './model-call';
import { ResultRecorder } from './result-recorder';
import { fittedTurnMessages, roundToolSpecs, setStatus, type RunContext } from './run-context';
import { summarizeDroppedTurns } from './summarize-turns';
import { executeToolCalls } from './tool-execution';
import {
  addUsage,
  checkpointTurn,
  completeTurn,
  failTurn,
  interruptTurn,
  stopTurn,
  type RunTotals,
} from './turn-ending';
import type { FittedMessages } from '../context/context-window';
import type { ApprovalAnswer, AssistantMessage, ToolCall, TurnResult } from '../types';

/**
 * How a run starts: a new user message, going on with the pending turn, or going on after the person
 * answered an interruption (the same path whether the page stayed open or was reloaded).
 */
export type RunStart =
  | {
      kind: 'send';
      text: string;
      /** Calls the person asked for again ("Run again"): the first round makes them, not the model. */
      calls?: ToolCall[];
    }
  | { kind: 'resume' }
  | { kind: 'decided'; answer: ApprovalAnswer };

/** The user message shown for a resumed turn, stored so the model sees why it goes on. */
export const CONTINUE_MESSAGE = 'Continue.';

/** Runs the loop until an answer, a stop, a failure or a checkpoint. Never rejects. */
export async function runTurn(run: RunContext, start: RunStart): Promise<TurnResult> {
  // Waiting for the person does not count against the turn: its rounds go on from where it stopped.
  const rounds = start.kind === 'decided' ? start.answer.interruption.rounds : 0;
  const totals: RunTotals = { rounds, usage: undefined };
  try {
    return await loop(run, start, totals);
  } catch (error) {
    return failTurn(
      run,
      totals,
      new InternalError(
        `Mapwright failed inside the agent loop: ${String(error)}. Please report this.`,
        { cause: error },
      ),
    );
  }
}

async function loop(run: RunContext, start: RunStart, totals: RunTotals): Promise<TurnResult> {
  const { state, settings } = run;
  const pending = state.pendingTurn;
  run.emit({
    type: 'turn-start',
    runId: run.runId,
    userMessage: start.kind === 'send' ? start.text : CONTINUE_MESSAGE,
    ...(start.kind === 'send' ? { historyIndex: state.history.length } : { resumed: true }),
    model: run.model.id,
  });
  if (start.kind === 'send') {
    state.append({ role: 'user', content: start.text });
  } else if (start.kind === 'decided') {
    state.pendingTurn = { runId: run.runId, phase: 'tool-calls', round: totals.rounds };
    setStatus(run, 'tool_loop');
    await applyDecisions(run, new ResultRecorder(run), start.answer);
    // A call of the round that the answer did not cover never runs without a decision.
    state.history = repairHistory(state.history, 'no decision was given for it');
    run.emit({ type: 'round-end', runId: run.runId, round: run.round });
    if (run.signal.aborted) return interrupted(run, totals, '');
  } else if (state.history.at(-1)?.role === 'assistant' || pending?.phase === 'checkpoint') {
    state.append({ role: 'user', content: CONTINUE_MESSAGE });
  }
  // Turns left out of the last round's messages (and summarised), so the person is told once each time
  // it changes.
  let droppedTurns = '0/0';
  // A summary call that failed is not tried again in this run: each round would wait for it once more.
  const summaries = { failed: false };
  let preset = start.kind === 'send' ? start.calls : undefined;
  for (;;) {
    if (totals.rounds >= settings.maxRounds) return checkpointTurn(run, totals, 'rounds');
    run.round = totals.rounds;
    state.pendingTurn = { runId: run.runId, phase: 'model', round: totals.rounds };
    setStatus(run, 'processing');
    run.emit({ type: 'round-start', runId: run.runId, round: run.round });
    const draft = newDraft();
    if (preset) {
      // A call the person asked to run again goes to the card (or runs) as if the model had made it.
      draft.toolCalls = preset;
      preset = undefined;
    } else {
      try {
        const tools = roundToolSpecs(run);
        const fitted = await fitWithSummary(run, tools, summaries);
        const trimmed = `${fitted.droppedTurns}/${fitted.summarisedTurns}`;
        if (fitted.droppedTurns > 0 && trimmed !== droppedTurns) {
          droppedTurns = trimmed;
          run.emit({
            type: 'context-trimmed',
            runId: run.runId,
            round: run.round,
            droppedTurns: fitted.droppedTurns,
            ...(fitted.summarisedTurns > 0 ? { summarisedTurns: fitted.summarisedTurns } : {}),
            budgetTokens: settings.context.budgetTokens ?? 0,
          });
        }
        const request = { messages: fitted.messages, ...(tools.length > 0 ? { tools } : {}) };
        await callModel(run, request, run.signal, draft, run.deadlineAt);
      } catch (error) {
        keepPartialText(run, draft);
        if (run.signal.aborted) return interrupted(run, totals, draft.text);
        return failTurn(run, totals, toModelError(error), draft.text);
      }
    }
    totals.rounds += 1;
    addUsage(totals, draft.usage);
    if (draft.toolCalls.length === 0) {
      if (draft.text.trim().length === 0 && draft.finishReason === 'stop') {
        const error = new ModelBehaviorError(
          'The model returned an empty answer. Ask again, or choose another model.',
        );
        return failTurn(run, totals, error);
      }
      state.append(assistantMessage(draft, false));
      endRound(run, draft);
      return completeTurn(run, totals, draft.text, draft.finishReason ?? 'stop');
    }
    state.append(assistantMessage(draft, true));
    state.pendingTurn = { runId: run.runId, phase: 'tool-calls', round: totals.rounds };
    setStatus(run, 'tool_loop');
    const calls = draft.toolCalls.map((call, callIndex) => ({ call, callIndex }));
    const asked = await executeToolCalls(run, calls);
    if (run.signal.aborted) {
      endRound(run, draft);
      return interrupted(run, totals, '');
    }
    if (asked.length > 0) {
      const proposal = buildProposal(run, asked, draft.reasoning, draft.text);
      const explained = await explainIfSilent(run, proposal);
      // Stopped while the explanation was asked for: the calls wait as after any stop.
      if (run.signal.aborted) {
        endRound(run, draft);
        return interrupted(run, totals, '');
      }
      return interruptTurn(run, totals, explained);
    }
    endRound(run, draft);
  }
}

/**
 * The round's messages within the budget. Turns newly left out are first summarised (one short call),
 * and the summary is kept in the state for later rounds; without one the turns are simply left out.
 */
async function fitWithSummary(
  run: RunContext,
  tools: readonly unknown[],
  summaries: { failed: boolean },
): Promise<FittedMessages> {
  const fitted = fittedTurnMessages(run, [], tools);
  if (!run.settings.contextSummaries || summaries.failed) return fitted;
  if (fitted.droppedTurns <= fitted.summarisedTurns) return fitted;
  const summary = await summarizeDroppedTurns(run, fitted.droppedTurns);
  if (!summary) {
    summaries.failed = true;
    return fitted;
  }
  run.state.contextSummary = summary;
  run.state.commit();
  return fittedTurnMessages(run, [], tools);
}

function interrupted(
  run: RunContext,
  totals: RunTotals,
  partialText: string,
): Promise<TurnResult> | TurnResult {
  return run.stopCause() === 'deadline'
    ? checkpointTurn(run, totals, 'deadline')
    : stopTurn(run, totals, partialText);
}

function keepPartialText(run: RunContext, draft: RoundDraft): void {
  if (draft.text.length === 0 && draft.reasoning.length === 0) return;
  // Partial text is kept, marked as interrupted; partial tool calls never ran, so they are dropped.
  run.state.append({
    role: 'assistant',
    content: draft.text,
    ...(draft.reasoning ? { reasoning: draft.reasoning } : {}),
    interrupted: true,
  });
}

function assistantMessage(draft: RoundDraft, withCalls: boolean): AssistantMessage {
  return {
    role: 'assistant',
    content: draft.text,
    ...(withCalls ? { toolCalls: draft.toolCalls } : {}),
    ...(draft.reasoning ? { reasoning: draft.reasoning } : {}),
  };
}

/** Ends the round, with the tokens its model call used (per round in the conversation's record). */
function endRound(run: RunContext, draft: RoundDraft): void {
  run.emit({
    type: 'round-end',
    runId: run.runId,
    round: run.round,
    ...(draft.usage ? { usage: draft.usage } : {}),
  });
}
