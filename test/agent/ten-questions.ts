// Ten questions to a small model, each answered with a query and its table: a fake model that answers
// every question and writes summaries the way it is asked (each question and its numbers, carried over
// from the earlier summary), so a test and the context bench can see what the tenth request still holds.
import { SUMMARY_INSTRUCTION } from '../../src/agent/context/context-summary';
import { Agent } from '../../src/agent/run/agent';
import { appRegistry, bundledPrompt } from './bundled-round';
import type { AgentState, ChatModel, ModelEvent, ModelRequest } from '../../src/agent/types';

/** What the tenth question sent, and the calls the conversation took. */
export interface TenQuestions {
  /** The requests of the tenth question's turn (its first is the answer round). */
  tenth: ModelRequest[];
  /** Summary calls made over the ten questions. */
  summaryCalls: number;
  /** The conversation's state after the tenth answer. */
  state: AgentState;
}

/** The question of turn `index` (from 1), with a fact only that turn holds. */
export function question(index: number): string {
  return `Question ${index}: how many earthquakes above magnitude ${index} were in Alaska?`;
}

/** The fact turn `index` found, which a summary must keep. */
export function finding(index: number): string {
  return `${1_000 + index * 37} quakes above magnitude ${index}`;
}

/** A fake model: answers questions with a query and its table, and summarises when asked. */
function answeringModel(onAnswerRequest: (request: ModelRequest) => void): {
  model: ChatModel;
  summaryCalls: () => number;
} {
  let summaries = 0;
  const model: ChatModel = {
    id: 'fake:small',
    capabilities: { tools: true },
    async *stream(request: ModelRequest): AsyncIterable<ModelEvent> {
      const system = request.messages[0]?.content ?? '';
      if (system === SUMMARY_INSTRUCTION) {
        summaries += 1;
        const input = request.messages.at(-1)?.content ?? '';
        // As the instruction asks: the earlier summary's facts, then each new question and its finding.
        const earlier = /Earlier summary[^\n]*\n([^\n]*)/.exec(input)?.[1] ?? '';
        const added = [...input.matchAll(/Person: (Question (\d+):[^\n]*)/g)].map(
          (match) => `${match[1]} Found ${finding(Number(match[2]))}.`,
        );
        yield { type: 'text-delta', text: [earlier, ...added].filter(Boolean).join(' ') };
        yield { type: 'finish', reason: 'stop' };
        return;
      }
      onAnswerRequest(request);
      const last = request.messages.at(-1);
      const asked = /Question (\d+):/.exec(
        [...request.messages].reverse().find((message) => message.role === 'user')?.content ?? '',
      );
      const index = Number(asked?.[1] ?? 0);
      if (last?.role === 'user') {
        yield { type: 'text-delta', text: `I will count the quakes above magnitude ${index}.` };
        yield {
          type: 'tool-call',
          call: {
            id: `call_${index}`,
            name: 'query',
            arguments: {
              sql_query: `SELECT count(*) FROM earthquakes WHERE mag > ${index} AND place ILIKE '%Alaska%'`,
            },
          },
        };
        yield { type: 'finish', reason: 'tool-calls' };
        return;
      }
      yield {
        type: 'text-delta',
        text: `There were ${finding(index)} in Alaska. ${'The strongest were offshore, near the Aleutian trench. '.repeat(20)}`,
      };
      yield { type: 'finish', reason: 'stop' };
    },
  };
  return { model, summaryCalls: () => summaries };
}

/** Asks ten questions with a context budget of `contextTokens`, the bundled tools and short prompt. */
export async function askTenQuestions(contextTokens: number): Promise<TenQuestions> {
  const registry = await appRegistry();
  const query = registry.get('query');
  if (!query) throw new Error('The bundled tools have no query tool.');
  registry.register({
    ...query,
    execute: async () => ({
      content: `| count |\n|---|\n| 1234 |\n${'| row of the table |\n'.repeat(40)}`,
    }),
  });
  let requests: ModelRequest[] = [];
  const { model, summaryCalls } = answeringModel((request) => requests.push(request));
  const agent = new Agent({
    model,
    registry,
    systemPrompt: bundledPrompt(true),
    limits: { contextTokens },
  });
  let state: AgentState = { history: [], status: 'idle' };
  for (let index = 1; index <= 10; index += 1) {
    requests = [];
    const handle = agent.send({ state, commit: (next) => (state = next) }, question(index));
    for await (const _event of handle.events) {
      // drain
    }
    const result = await handle.result;
    if (result.outcome !== 'completed')
      throw new Error(`Question ${index} ended ${result.outcome}.`);
  }
  return { tenth: requests, summaryCalls: summaryCalls(), state };
}
