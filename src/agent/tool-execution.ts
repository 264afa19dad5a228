// One round's tool calls, in parallel: automatic ones start at once (those sharing a queue, such as the
// map tools, one after another in call order) while the rest await approval.
import { needsApproval } from './approval-policy';
import { askThenRun } from './approval-step';
import { ResultRecorder } from './result-recorder';
import { runToolCall, type RoundCall } from './tool-call-runner';
import type { RunContext } from './run-context';

/** Options of one round's execution. */
export interface ExecuteOptions {
  /** Calls restored after a reload: MCP calls are proposed again, whatever the session allows. */
  restored: boolean;
  /** The model's reasoning for this round, shown on the approval card. */
  reasoning?: string;
  /** The text the model wrote with the calls, shown on the approval card as the model's words. */
  modelText?: string;
}

/** Runs every call and stores each result as it finishes, in call order; returns when every call has a result. */
export async function executeToolCalls(
  run: RunContext,
  calls: RoundCall[],
  options: ExecuteOptions,
): Promise<void> {
  const recorder = new ResultRecorder(run);
  const work: Promise<void>[] = [];
  const asked: RoundCall[] = [];
  // Tools that share a queue (the map tools) run in call order; the rest start at once.
  const queues = new Map<string, Promise<void>>();
  for (const item of calls) {
    if (needsApproval(run, item.call, options.restored)) {
      asked.push(item);
      continue;
    }
    const tool = run.registry.get(item.call.name);
    // An MCP call with valid arguments that reached here runs without a card: the timeline says so.
    const unasked = tool?.origin.kind === 'mcp' && run.registry.check(item.call) === undefined;
    const queue = tool?.queue;
    if (queue === undefined) {
      work.push(runToolCall(run, recorder, item, undefined, unasked));
      continue;
    }
    const next = (queues.get(queue) ?? Promise.resolve()).then(() =>
      runToolCall(run, recorder, item, undefined, unasked),
    );
    queues.set(queue, next);
    work.push(next);
  }
  if (asked.length > 0)
    work.push(askThenRun(run, recorder, asked, options.reasoning, options.modelText));
  await Promise.all(work);
}
