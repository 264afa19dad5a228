// What one round sends as a conversation grows: prompt bytes (messages and tool list, as JSON) at the
// first round of turn 10, 50, 200 and 400, with no budget (every turn, older ones as text) and with the
// default budgets (32,000 tokens for a hosted model, 4,096 for a local one). Also whether the prefix
// (system prompt and tool list) is byte-stable across rounds, and what fitting costs per round.
import { performance } from 'node:perf_hooks';
import { Agent } from '../src/agent/run/agent';
import { createScriptedModel } from '../src/testing/scripted-model';
import { ToolRegistry } from '../src/tools/tool-registry';
import { appRegistry, bundledPrompt, roundBytes } from '../test/agent/bundled-round';
import { askTenQuestions, finding, question } from '../test/agent/ten-questions';
import type { AgentState, Message, ModelRequest } from '../src/agent/types';
import type { Tool } from '../src/tools/tool';

/** The most bytes of system prompt and tool specs round 1 may send with the bundled config. */
const ROUND_ONE_TARGET = 9_800;

const SQL = `SELECT state, count(*) AS quakes, max(mag) AS strongest FROM earthquakes
WHERE time >= TIMESTAMP '2020-01-01' GROUP BY state ORDER BY quakes DESC LIMIT 10`;

/** A turn as the app keeps it: a question, a query call, its table, an answer. */
function history(turns: number): Message[] {
  return Array.from({ length: turns }, (_, turn): Message[] => [
    {
      role: 'user',
      content: `Which states had the most earthquakes since 2020? (question ${turn})`,
    },
    {
      role: 'assistant',
      content: 'I will count the quakes by state.',
      toolCalls: [{ id: `q${turn}`, name: 'query', arguments: { sql_query: SQL } }],
    },
    {
      role: 'tool',
      toolCallId: `q${turn}`,
      name: 'query',
      content: `| state | quakes | strongest |\n|---|---|---|\n${'| Alaska | 1234 | 7.1 |\n'.repeat(60)}`,
    },
    {
      role: 'assistant',
      content: `Alaska leads with 1,234 quakes, then California. ${'More detail on the ranking. '.repeat(12)}`,
    },
  ]).flat();
}

function tools(): ToolRegistry {
  const registry = new ToolRegistry();
  for (const name of ['fly_to', 'map_query_result', 'set_layer_filter', 'chart', 'query']) {
    const tool: Tool = {
      name,
      description: `${name}: ${'what it does and when to use it. '.repeat(8)}`,
      inputSchema: {
        type: 'object',
        properties: { sql_query: { type: 'string', description: 'SQL to run' } },
      },
      origin: { kind: 'local' },
      execute: async () => ({ content: 'ok' }),
    };
    registry.register(tool);
  }
  return registry;
}

/** Bytes of the first request of the next turn, and of the system message + tools (the prefix). */
export async function measure(
  turns: number,
  contextTokens: number | undefined,
): Promise<{ bytes: number; prefix: string; fitMicroseconds: number }> {
  const requests: ModelRequest[] = [];
  const model = createScriptedModel([
    { expect: (request) => void requests.push(request), text: 'Done.' },
  ]);
  const agent = new Agent({
    model,
    registry: tools(),
    systemPrompt: `You are Mapwright. ${'Guidance about the datasets and tools. '.repeat(80)}`,
    ...(contextTokens ? { limits: { contextTokens } } : {}),
    // The history is given, not asked: summaries are measured below, with questions actually asked.
    contextSummaries: false,
  });
  let state: AgentState = { history: history(turns), status: 'idle' };
  const handle = agent.send({ state, commit: (next) => (state = next) }, 'And in 2024?');
  for await (const _event of handle.events) {
    // drain
  }
  await handle.result;
  const request = requests[0]!;
  const started = performance.now();
  const repeats = 20;
  for (let index = 0; index < repeats; index += 1) agent.turnMessages(state);
  const fitMicroseconds = ((performance.now() - started) / repeats) * 1000;
  return {
    bytes: JSON.stringify(request.messages).length + JSON.stringify(request.tools ?? []).length,
    prefix: JSON.stringify([request.messages[0], request.tools]),
    fitMicroseconds,
  };
}

/** Round 1 with the bundled config: its system prompt and tool specs, full (a large window) or compact. */
async function roundOne(compact: boolean): Promise<{ system: number; tools: number }> {
  const requests: ModelRequest[] = [];
  const agent = new Agent({
    model: createScriptedModel([{ expect: (request) => void requests.push(request), text: 'Hi.' }]),
    registry: await appRegistry(),
    systemPrompt: bundledPrompt(compact),
    limits: { contextTokens: compact ? 6_144 : 32_000 },
  });
  let state: AgentState = { history: [], status: 'idle' };
  await agent.send({ state, commit: (next) => (state = next) }, 'How many quakes?').result;
  return roundBytes(requests[0]!);
}

/** Prints the figures. */
export async function run(): Promise<void> {
  for (const compact of [false, true]) {
    const { system, tools: toolBytes } = await roundOne(compact);
    console.log(
      `round1_bundled=${compact ? 'compact' : 'full'} system_prompt_bytes=${system} tool_specs_bytes=${toolBytes} total_bytes=${system + toolBytes}` +
        (compact
          ? ''
          : ` target_bytes=${ROUND_ONE_TARGET} within_target=${system + toolBytes <= ROUND_ONE_TARGET}`),
    );
  }
  const ten = await askTenQuestions(4_096);
  const tenth = JSON.stringify(ten.tenth[0]?.messages ?? []);
  console.log(
    `budget=4096 tenth_question_sends_summary_of_first=${tenth.includes('[Summary of the first') && tenth.includes(question(1)) && tenth.includes(finding(1))} ` +
      `summary_calls=${ten.summaryCalls} summarised_turns=${ten.state.contextSummary?.turns ?? 0} tenth_request_bytes=${tenth.length}`,
  );
  // Per budget: a small one sends compact specs and so another prefix, but each must stay the same.
  const prefixes = new Map<string, Set<string>>();
  for (const [label, budget] of [
    ['none', undefined],
    ['32000', 32_000],
    ['4096', 4_096],
  ] as const) {
    for (const turns of [10, 50, 200, 400]) {
      const { bytes, prefix, fitMicroseconds } = await measure(turns, budget);
      prefixes.set(label, (prefixes.get(label) ?? new Set()).add(prefix));
      console.log(
        `budget=${label} turns=${turns} prompt_bytes=${bytes} approx_tokens=${Math.ceil(bytes / 3.5)} fit_us=${fitMicroseconds.toFixed(0)}`,
      );
    }
  }
  console.log(`prefix_byte_stable=${[...prefixes.values()].every((kept) => kept.size === 1)}`);
}
