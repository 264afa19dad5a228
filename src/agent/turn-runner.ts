// The round loop of one run. Each round's outcome is data (answer, tool round, interruption); the
// endings live in turn-ending.ts, tool execution in tool-execution.ts, the model call in model-call.ts.
import { InternalError, ModelBehaviorError, toModelError } from './errors';
import { unansweredCalls } from './history-repair';
import { callModel, newDraft, type RoundDraft } from './model-call';
import { fittedTurnMessages, setStatus, type RunContext } from './run-context';
import { executeToolCalls } from './tool-execution';
import {
  addUsage,
  checkpointTurn,
  completeTurn,
  failTurn,
  stopTurn,
  type RunTotals,
} from './turn-ending';
import type { AssistantMessage, TurnResult } from './types';

/** How a run starts: a new user message, or going on with the pending turn. */
export type RunStart = { kind: 'send'; text: string } | { kind: 'resume' };

/** The user message shown for a resumed turn, stored so the model sees why it goes on. */
export const CONTINUE_MESSAGE = 'Continue.';

/** Runs the loop until an answer, a stop, a failure or a checkpoint. Never rejects. */
export async function runTurn(run: RunContext, start: RunStart): Promise<TurnResult> {
  const totals: RunTotals = { rounds: 0, usage: undefined };
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
    ...(start.kind === 'resume' ? { resumed: true } : { historyIndex: state.history.length }),
  });
  if (start.kind === 'send') {
    state.append({ role: 'user', content: start.text });
  } else if (pending?.phase === 'tool-calls') {
    const { calls, reasoning, modelText } = unansweredCalls(state.history);
    state.pendingTurn = { ...pending, runId: run.runId };
    setStatus(run, 'tool_loop');
    await executeToolCalls(run, calls, {
      restored: true,
      ...(reasoning ? { reasoning } : {}),
      ...(modelText ? { modelText } : {}),
    });
    if (run.signal.aborted) return interrupted(run, totals, '');
  } else if (state.history.at(-1)?.role === 'assistant' || pending?.phase === 'checkpoint') {
    state.append({ role: 'user', content: CONTINUE_MESSAGE });
  }
  // Turns left out of the last round's messages, so the person is told once each time it changes.
  let droppedTurns = 0;
  for (;;) {
    if (totals.rounds >= settings.maxRounds) return checkpointTurn(run, totals, 'rounds');
    run.round = totals.rounds;
    state.pendingTurn = { runId: run.runId, phase: 'model', round: totals.rounds };
    setStatus(run, 'processing');
    run.emit({ type: 'round-start', runId: run.runId, round: run.round });
    const draft = newDraft();
    try {
      const tools = run.model.capabilities.tools ? run.registry.specs() : [];
      const fitted = fittedTurnMessages(run, [], tools);
      if (fitted.droppedTurns > 0 && fitted.droppedTurns !== droppedTurns) {
        droppedTurns = fitted.droppedTurns;
        run.emit({
          type: 'context-trimmed',
          runId: run.runId,
          round: run.round,
          droppedTurns,
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
      run.emit({ type: 'round-end', runId: run.runId, round: run.round });
      return completeTurn(run, totals, draft.text, draft.finishReason ?? 'stop');
    }
    state.append(assistantMessage(draft, true));
    state.pendingTurn = { runId: run.runId, phase: 'tool-calls', round: totals.rounds };
    setStatus(run, 'tool_loop');
    const calls = draft.toolCalls.map((call, callIndex) => ({ call, callIndex }));
    await executeToolCalls(run, calls, {
      restored: false,
      ...(draft.reasoning ? { reasoning: draft.reasoning } : {}),
      ...(draft.text ? { modelText: draft.text } : {}),
    });
    run.emit({ type: 'round-end', runId: run.runId, round: run.round });
    if (run.signal.aborted) return interrupted(run, totals, '');
  }
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
