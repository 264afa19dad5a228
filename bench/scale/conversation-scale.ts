// A long conversation's cost: what the next round sends (reusing bench/context.bench.ts, with no budget
// and with the default 32,000-token budget) and the time to open it (reusing bench/conversation.bench.ts)
// at 10, 50 and 200 turns.
import { startAppHarness } from '../../test/e2e/harness';
import { measure } from '../context.bench';
import { measureOpening } from '../conversation.bench';

const turnCounts = [10, 50, 200];

/** Prints prompt_bytes_at_N_turns (both budgets) and conversation_open_ms_at_N_turns. */
export async function runConversationScale(): Promise<void> {
  for (const turns of turnCounts) {
    const unbounded = await measure(turns, undefined);
    const budgeted = await measure(turns, 32_000);
    console.log(`prompt_bytes_at_${turns}_turns=${budgeted.bytes}`);
    console.log(`# prompt_bytes_without_budget_at_${turns}_turns=${unbounded.bytes}`);
  }
  const harness = await startAppHarness();
  try {
    for (const turns of turnCounts) {
      const opening = await measureOpening(harness.browser, harness.appUrl, turns);
      console.log(`conversation_open_ms_at_${turns}_turns=${Math.round(opening.medianMs)}`);
      console.log(
        `# conversation_document_kb_at_${turns}_turns=${Math.round(opening.documentBytes / 1024)} runs=${opening.runsMs.map(Math.round).join(',')}`,
      );
    }
  } finally {
    await harness.close();
  }
}
