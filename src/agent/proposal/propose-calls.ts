// The proposal an approval card shows, built from the calls alone: arguments masked for display, the
// plain-English description, the data-changing warning. Where the tool's names come from is the
// caller's (the registry during a run, the stored timeline for a document an older release wrote).
import { redactArguments, redactSecrets } from '../redact/redact';
import { callModifiesData, describeToolCalls } from './describe-tool-calls';
import { sqlDisplayMismatch } from './sql-display-check';
import type { ToolCall, ToolProposal } from '../types';
import type { ToolLabels } from './tool-labels';

/** Where a proposed call comes from, and the names people read for its tool. */
export interface ProposedCallSource {
  callIndex: number;
  call: ToolCall;
  labels: ToolLabels & { serverId?: string };
}

/** The proposal for `asked`, with the model's reasoning and words of the same round. */
export function proposeCalls(
  place: { runId: string; round: number },
  asked: ProposedCallSource[],
  reasoning: string | undefined,
  modelText?: string,
): ToolProposal {
  const said = modelText?.trim();
  return {
    runId: place.runId,
    round: place.round,
    calls: asked.map(({ call, callIndex, labels }) => {
      const displayArguments = redactArguments(call.arguments);
      const mismatch = sqlDisplayMismatch(call.arguments, displayArguments);
      return {
        callIndex,
        call,
        displayArguments,
        ...(mismatch === undefined ? {} : { displayMismatch: mismatch }),
        ...labels,
        description: redactSecrets(describeToolCalls([call])),
        modifiesData: callModifiesData(call),
      };
    }),
    ...(reasoning ? { reasoning } : {}),
    ...(said ? { modelText: redactSecrets(said) } : {}),
    description: redactSecrets(describeToolCalls(asked.map(({ call }) => call))),
  };
}
