// What the loop itself costs: per_round_us (a 10-round turn, instant model and tools, over a 200-message
// history) and parallel_round_ms (one round of four tools that each take 200 ms).
import { Agent } from '../src/agent/run/agent';
import { createScriptedModel, type ScriptedStep } from '../src/testing/scripted-model';
import { ToolRegistry } from '../src/tools/tool-registry';
import type { Message } from '../src/agent/types';
import type { Tool } from '../src/tools/tool';

const ROUNDS = 10;
const REPEATS = 30;

function tool(name: string, delayMs: number): Tool {
  return {
    name,
    description: `${name} for the benchmark`,
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
    origin: { kind: 'local' },
    execute: async (args) => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      return { content: `result ${String(args.n)}` };
    },
  };
}

function history(size: number): Message[] {
  const messages: Message[] = [];
  for (let turn = 0; messages.length < size; turn += 1) {
    messages.push(
      { role: 'user', content: `Question ${turn} about earthquakes near Chile?` },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: `h${turn}`, name: 'instant', arguments: { n: turn } }],
      },
      { role: 'tool', toolCallId: `h${turn}`, name: 'instant', content: 'x'.repeat(2_000) },
      { role: 'assistant', content: `Answer ${turn}: there were ${turn} strong quakes.` },
    );
  }
  return messages.slice(0, size);
}

async function timeTurn(
  steps: ScriptedStep[],
  registry: ToolRegistry,
  past: Message[],
): Promise<number> {
  const agent = new Agent({
    model: createScriptedModel(steps),
    registry,
    systemPrompt: 'You are Mapwright.',
  });
  const started = performance.now();
  const state = { history: past, status: 'idle' as const };
  const result = await agent.send({ state, commit: () => {} }, 'Go').result;
  const elapsed = performance.now() - started;
  if (result.outcome !== 'completed')
    throw new Error(`The benchmark turn ended with ${result.outcome}: ${result.error?.message}`);
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Prints per_round_us and parallel_round_ms. */
export async function run(): Promise<void> {
  const registry = new ToolRegistry();
  registry.register(tool('instant', 0));
  for (const name of ['slow_a', 'slow_b', 'slow_c', 'slow_d']) registry.register(tool(name, 200));
  const past = history(200);

  const toolRound: ScriptedStep = {
    text: 'Working.',
    toolCalls: [{ name: 'instant', arguments: { n: 1 } }],
  };
  const tenRounds = [...Array.from({ length: ROUNDS - 1 }, () => toolRound), { text: 'Done.' }];
  const perTurn: number[] = [];
  for (let repeat = 0; repeat < REPEATS + 5; repeat += 1) {
    const elapsed = await timeTurn(tenRounds, registry, past);
    if (repeat >= 5) perTurn.push(elapsed); // the first turns warm the JIT up
  }
  console.log(`per_round_us=${Math.round((median(perTurn) / ROUNDS) * 1000)}`);

  const parallel: ScriptedStep[] = [
    {
      toolCalls: ['slow_a', 'slow_b', 'slow_c', 'slow_d'].map((name, n) => ({
        name,
        arguments: { n },
      })),
    },
    { text: 'Done.' },
  ];
  console.log(`parallel_round_ms=${Math.round(await timeTurn(parallel, registry, past))}`);
}
