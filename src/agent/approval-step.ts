// Calls that need the person's approval go to the ApprovalGate in one proposal; each decision then
// runs the call, runs it with edited arguments (validated again by the registry), or declines it.
import { raceAbort } from './abort-race';
import { callModifiesData, describeToolCalls } from './describe-tool-calls';
import { errorMessage } from './errors';
import { redactArguments, redactSecrets } from './redact';
import { sqlDisplayMismatch } from './sql-display-check';
import { finishToolCall, runToolCall, type RoundCall } from './tool-call-runner';
import { toolLabels } from './tool-labels';
import type { ResultRecorder } from './result-recorder';
import type { RunContext } from './run-context';
import type { ApprovalDecision, ToolProposal } from './types';

/** Builds the proposal the approval card shows. */
export function buildProposal(
  run: RunContext,
  asked: RoundCall[],
  reasoning: string | undefined,
  modelText?: string,
): ToolProposal {
  const said = modelText?.trim();
  return {
    runId: run.runId,
    round: run.round,
    calls: asked.map(({ call, callIndex }) => {
      const tool = run.registry.get(call.name);
      const displayArguments = redactArguments(call.arguments);
      const mismatch = sqlDisplayMismatch(call.arguments, displayArguments);
      return {
        callIndex,
        call,
        displayArguments,
        ...(mismatch === undefined ? {} : { displayMismatch: mismatch }),
        ...(tool?.origin.kind === 'mcp' ? { serverId: tool.origin.serverId } : {}),
        ...toolLabels(tool),
        description: redactSecrets(describeToolCalls([call])),
        modifiesData: callModifiesData(call),
      };
    }),
    ...(reasoning ? { reasoning } : {}),
    ...(said ? { modelText: redactSecrets(said) } : {}),
    description: redactSecrets(describeToolCalls(asked.map(({ call }) => call))),
  };
}

/** Asks the gate about `asked`, then runs, edits or declines each call. Never throws. */
export async function askThenRun(
  run: RunContext,
  recorder: ResultRecorder,
  asked: RoundCall[],
  reasoning: string | undefined,
  modelText?: string,
): Promise<void> {
  const gate = run.approvalGate;
  if (!gate) {
    for (const item of asked) {
      const content =
        'This call needs the person’s approval, but no approval gate is configured. ' +
        'Configure an ApprovalGate, or set this server’s approval policy to "auto".';
      finishToolCall(run, recorder, item, { content, isError: true }, 'error');
    }
    return;
  }
  const proposal = buildProposal(run, asked, reasoning, modelText);
  if (run.state.pendingTurn) {
    run.state.pendingTurn = {
      ...run.state.pendingTurn,
      awaitingApproval: asked.map(({ call }) => call.id),
    };
    run.state.commit();
  }
  run.emit({ type: 'tool-proposal', runId: run.runId, round: run.round, proposal });
  let decisions: ApprovalDecision[];
  try {
    decisions = await raceAbort(gate.decide(proposal, run.signal), run.signal);
  } catch (error) {
    const cancelled = run.signal.aborted;
    if (!cancelled) run.warn(`The approval gate failed: ${errorMessage(error)}`);
    for (const item of asked) {
      const content = cancelled
        ? `Tool call cancelled before it was approved (${String(run.signal.reason)}).`
        : `The approval could not be obtained: ${redactSecrets(errorMessage(error))}. Try the call again.`;
      finishToolCall(
        run,
        recorder,
        item,
        { content, isError: true },
        cancelled ? 'cancelled' : 'error',
      );
    }
    return;
  } finally {
    if (run.state.pendingTurn?.awaitingApproval) {
      const { awaitingApproval: _done, ...rest } = run.state.pendingTurn;
      run.state.pendingTurn = rest;
    }
  }
  if (decisions.length !== asked.length) {
    run.warn(`The approval gate returned ${decisions.length} decisions for ${asked.length} calls.`);
  }
  await Promise.all(asked.map((item, index) => apply(run, recorder, item, decisions[index])));
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
    // Whatever the gate shows, a call whose masked SQL reads differently from the SQL it runs never runs.
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
