// One round's tool calls, in parallel: automatic ones start at once (those sharing a queue, such as the
// map tools, one after another in call order); the rest are handed back to ask the person.
import { approvalRoute } from './approval-policy';
import { ResultRecorder } from './result-recorder';
import { runToolCall, type RoundCall } from './tool-call-runner';
import type { RunContext } from './run-context';

/**
 * Runs every call that needs no approval and stores each result as it finishes, in call order; returns,
 * once those have results, the calls that wait for the person.
 */
export async function executeToolCalls(run: RunContext, calls: RoundCall[]): Promise<RoundCall[]> {
  const recorder = new ResultRecorder(run);
  const work: Promise<void>[] = [];
  const asked: RoundCall[] = [];
  // Tools that share a queue (the map tools) run in call order; the rest start at once.
  const queues = new Map<string, Promise<void>>();
  for (const item of calls) {
    const route = approvalRoute(run, item.call);
    if (route === 'ask') {
      asked.push(item);
      continue;
    }
    // An MCP call with valid arguments that reached here runs without a card: the timeline says why.
    const unasked = route === 'none' ? undefined : route;
    const queue = run.registry.get(item.call.name)?.queue;
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
  await Promise.all(work);
  return asked;
}
