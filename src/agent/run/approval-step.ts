// Calls that need the person's approval become one proposal, stored as the run's interruption; each
// decision, given later, runs the call, runs it with edited arguments (validated again by the registry),
// or declines it.
import { unansweredCalls } from '../history/history-repair';
import {
  askForExplanation,
  explanationRequest,
  proposalLacksWords,
} from '../proposal/explain-proposal';
import { proposeCalls } from '../proposal/propose-calls';
import { sqlDisplayMismatch } from '../proposal/sql-display-check';
import { toolLabels } from '../proposal/tool-labels';
import { redactArguments } from '../redact/redact';
import { finishToolCall, runToolCall, type RoundCall } from './tool-call-runner';
import type { ApprovalAnswer, ApprovalDecision, ToolProposal } from '../types';
import type { ResultRecorder } from './result-recorder';
import type { RunContext } from './run-context';

/** Builds the proposal the approval card shows, with the names the registry has for each tool. */
export function buildProposal(
  run: RunContext,
  asked: RoundCall[],
  reasoning: string | undefined,
  modelText?: string,
): ToolProposal {
  const sources = asked.map(({ call, callIndex }) => {
    const tool = run.registry.get(call.name);
    const serverId = tool?.origin.kind === 'mcp' ? tool.origin.serverId : undefined;
    return {
      callIndex,
      call,
      labels: { ...(serverId === undefined ? {} : { serverId }), ...toolLabels(tool) },
    };
  });
  return proposeCalls({ runId: run.runId, round: run.round }, sources, reasoning, modelText);
}

/**
 * `proposal` with the model's quick explanation when the publisher asked for one and the calls came
 * with no words; as it was when the model fails, says nothing, or does not answer in time.
 */
export async function explainIfSilent(
  run: RunContext,
  proposal: ToolProposal,
): Promise<ToolProposal> {
  if (!run.settings.explainProposals || !proposalLacksWords(proposal)) return proposal;
  const question = run.state.history.findLast((message) => message.role === 'user')?.content;
  const signal = AbortSignal.any([run.signal, AbortSignal.timeout(run.settings.explainTimeoutMs)]);
  const request = explanationRequest(proposal, question);
  const explanation = await askForExplanation(run.model, request, signal);
  return explanation === undefined ? proposal : { ...proposal, askedExplanation: explanation };
}

/**
 * Applies the person's decisions on an interruption: runs, runs edited, or declines each proposed call
 * that still has no result. Never throws.
 */
export async function applyDecisions(
  run: RunContext,
  recorder: ResultRecorder,
  answer: ApprovalAnswer,
): Promise<void> {
  const { proposal } = answer.interruption;
  const { decisions } = answer;
  if (decisions.length !== proposal.calls.length) {
    run.warn(`${decisions.length} decisions were given for ${proposal.calls.length} calls.`);
  }
  // Only calls still waiting: a call that has a result (it ran before a reload) never runs twice.
  const waiting = new Set(unansweredCalls(run.state.history).calls.map(({ call }) => call.id));
  await Promise.all(
    proposal.calls.map((proposed, index) =>
      waiting.has(proposed.call.id)
        ? apply(
            run,
            recorder,
            { callIndex: proposed.callIndex, call: proposed.call },
            decisions[index],
          )
        : Promise.resolve(),
    ),
  );
}

async function apply(
  run: RunContext,
  recorder: ResultRecorder,
  item: RoundCall,
  decision: ApprovalDecision | undefined,
): Promise<void> {
  if (!decision) {
    const content = 'No decision was given for this call, so it did not run. Ask the person again.';
    finishToolCall(run, recorder, item, { content, isError: true }, 'error');
    return;
  }
  if (decision.kind !== 'deny') {
    // Whatever the card showed, a call whose masked SQL reads differently from the SQL it runs never runs.
    const args = decision.kind === 'approve' ? item.call.arguments : decision.arguments;
    const mismatch = sqlDisplayMismatch(args, redactArguments(args));
    if (mismatch !== undefined) {
      const content = `Nothing ran: ${mismatch}`;
      finishToolCall(run, recorder, item, { content, isError: true }, 'error');
      return;
    }
  }
  switch (decision.kind) {
    case 'approve':
      return runToolCall(run, recorder, item);
    case 'approve-edited': {
      const call = { id: item.call.id, name: item.call.name, arguments: decision.arguments };
      // The model and the timeline read the edit with its secrets masked, like everything they read.
      const note = `The person edited the arguments before approving; the call ran with: ${JSON.stringify(redactArguments(decision.arguments))}`;
      return runToolCall(run, recorder, { callIndex: item.callIndex, call }, note);
    }
    case 'deny': {
      const reason = decision.reason?.trim();
      const content =
        `declined by the user${reason ? ` (reason: ${reason})` : ''}. ` +
        'Do not repeat this call unless the person asks for it.';
      finishToolCall(run, recorder, item, { content, isError: true }, 'declined');
      return;
    }
  }
}
