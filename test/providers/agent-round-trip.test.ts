// The whole path over real HTTP: Agent -> createOpenAICompatibleModel -> fake LLM on loopback -> a tool.
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '../../src/agent/run/agent';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { AgentHarness } from '../agent/fakes';
import { startFakeLlm, type FakeLlm } from '../servers/fake-llm/fake-llm-server';
import type { AgentEvent } from '../../src/agent/types';
import type { Tool } from '../../src/tools/tool';

let fakeLlm: FakeLlm | undefined;
afterEach(async () => {
  await fakeLlm?.stop();
  fakeLlm = undefined;
});

/** A simple local tool: counts earthquakes at or above a magnitude in a small table. */
function countQuakesTool(calls: Record<string, unknown>[]): Tool {
  const magnitudes = [4.2, 5.1, 6.1, 5.6, 3.9];
  return {
    name: 'count_quakes',
    description: 'Count earthquakes at or above a magnitude.',
    inputSchema: {
      type: 'object',
      properties: { min_magnitude: { type: 'number' } },
      required: ['min_magnitude'],
    },
    origin: { kind: 'local' },
    execute: async (args) => {
      calls.push(args);
      const minimum = Number(args.min_magnitude);
      return {
        content: `count = ${magnitudes.filter((magnitude) => magnitude >= minimum).length}`,
      };
    },
  };
}

function agentFor(
  url: string,
  calls: Record<string, unknown>[],
  delays: number[] = [],
): AgentHarness {
  const registry = new ToolRegistry();
  registry.register(countQuakesTool(calls));
  const agent = new Agent({
    model: createOpenAICompatibleModel({ model: 'fake-model', baseUrl: url, apiKey: 'sk-fake' }),
    registry,
    systemPrompt: 'You answer questions about earthquakes.',
    retry: {
      sleep: async (ms) => {
        delays.push(ms);
      },
    },
  });
  return new AgentHarness(agent);
}

describe('Agent with the OpenAI-compatible adapter against the fake LLM over HTTP', () => {
  it('runs a tool round trip: the model calls a local tool, reads its result, and answers', async () => {
    fakeLlm = await startFakeLlm({
      script: {
        tokenDelayMs: 1,
        rules: [
          {
            user: 'how many',
            reply: {
              text: 'Counting.',
              toolCalls: [{ name: 'count_quakes', arguments: { min_magnitude: 5 } }],
            },
          },
          {
            user: 'how many',
            toolResult: { regex: 'count = (\\d+)' },
            reply: { text: 'There were 3 strong quakes.' },
          },
        ],
      },
    });
    const toolCalls: Record<string, unknown>[] = [];
    const agent = agentFor(fakeLlm.url, toolCalls);
    const events: AgentEvent[] = [];
    agent.subscribe((event) => events.push(event));
    const result = await agent.send('How many quakes of magnitude 5 or more?').result;

    expect(result.outcome).not.toBe('failed');
    expect(result.text).toBe('There were 3 strong quakes.');
    expect(toolCalls).toEqual([{ min_magnitude: 5 }]);
    const toolEnd = events.find((event) => event.type === 'tool-call-end');
    expect(toolEnd && 'result' in toolEnd ? toolEnd.result.content : '').toBe('count = 3');
    expect(events.filter((event) => event.type === 'text-delta').length).toBeGreaterThan(1);

    // The second request carried the assistant's call and the tool's result in the wire format.
    const second = fakeLlm.requests.filter((request) => request.path === '/v1/chat/completions')[1];
    const messages = second?.body.messages as {
      role: string;
      content?: string;
      tool_calls?: unknown[];
    }[];
    expect(messages.at(-2)?.tool_calls).toHaveLength(1);
    expect(messages.at(-1)).toMatchObject({ role: 'tool', content: 'count = 3' });
    expect(second?.body.tools).toBeDefined();
    expect(agent.history.at(-1)).toMatchObject({
      role: 'assistant',
      content: 'There were 3 strong quakes.',
    });
  });

  it('retries a 429 after the Retry-After delay, then answers', async () => {
    fakeLlm = await startFakeLlm({
      script: {
        rules: [
          {
            user: 'hello',
            failures: [{ kind: 'rate-limit', retryAfterSeconds: 3 }],
            reply: { text: 'Hello again.' },
          },
        ],
      },
    });
    const delays: number[] = [];
    const agent = agentFor(fakeLlm.url, [], delays);
    const events: AgentEvent[] = [];
    agent.subscribe((event) => events.push(event));
    const result = await agent.send('hello').result;
    expect(result.text).toBe('Hello again.');
    expect(delays).toEqual([3000]);
    const retry = events.find((event) => event.type === 'retry');
    expect(retry).toMatchObject({ type: 'retry', attempt: 1, delayMs: 3000 });
    expect(
      fakeLlm.requests.filter((request) => request.path === '/v1/chat/completions'),
    ).toHaveLength(2);
  });
});
