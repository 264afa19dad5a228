// Extended thinking with tools: the turn that called a tool goes back with its thinking blocks first,
// exactly as they streamed, and the budget stays below max_tokens.
import { describe, expect, it } from 'vitest';
import { Agent } from '../../../src/agent/run/agent';
import {
  createAnthropicModel,
  type AnthropicModelOptions,
} from '../../../src/providers/anthropic/anthropic-model';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { AgentHarness } from '../../agent/fakes';
import { anthropicRequestViolations } from '../provider-request-rules';
import { collect, fixture, mapTools, replayFetch, replaySequence } from '../replay-fetch';
import type { Message } from '../../../src/agent/types';

const signature =
  'EuYBCkQYAiJAgCs1le6/Pol5Z8YbZt7bQ5Lk0Wr0yTjEpVQ3aH1vC9nM2xQ8sR4tU6wY0zA2bC4dE6fG8hI0jK2lM4nO6pQ8rS0EgxHk2Zk4Rm9Tq3Lw5NcaDLo7WxJ1vB3nC5mD7fR1oXp9KqEt';
const redactedData =
  'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB1cD3eF5gH7iJ9kL1mN3oP5qR7sT9uV1wX3yZ5a';

function agentWith(options: Partial<AnthropicModelOptions>) {
  const replay = replaySequence([
    fixture('anthropic', 'thinking-tool-call.sse'),
    fixture('anthropic', 'text.sse'),
  ]);
  const registry = new ToolRegistry();
  registry.register({
    name: 'query_sql',
    description: 'Run a read-only SQL query.',
    inputSchema: mapTools[0]!.inputSchema,
    origin: { kind: 'local' },
    execute: async () => ({ content: '1 row: Hualien 6.1' }),
  });
  const agent = new AgentHarness(
    new Agent({
      model: createAnthropicModel({
        model: 'claude-sonnet-4-5',
        apiKey: 'sk-ant-test',
        fetch: replay.fetch,
        ...options,
      }),
      registry,
      systemPrompt: 'You answer questions about earthquakes.',
    }),
  );
  return { agent, requests: replay.requests };
}

describe('Anthropic extended thinking with tool calls', () => {
  it('sends the tool-calling turn back starting with its thinking and redacted_thinking blocks', async () => {
    const { agent, requests } = agentWith({ thinkingBudgetTokens: 2048 });
    const result = await agent.send('Where was the strongest quake?').result;
    expect(result.outcome).toBe('completed');
    expect(requests).toHaveLength(2);
    const second = requests[1]!.body;
    expect(anthropicRequestViolations(second)).toEqual([]);
    const messages = second.messages as { role: string; content: Record<string, unknown>[] }[];
    expect(messages[1]).toEqual({
      role: 'assistant',
      content: [
        {
          type: 'thinking',
          thinking:
            'The user wants the strongest quake. I should query the earthquakes table ordered by magnitude.',
          signature,
        },
        { type: 'redacted_thinking', data: redactedData },
        { type: 'text', text: "I'll look that up." },
        {
          type: 'tool_use',
          id: 'toolu_01Vh3Qm8XcR2pLk9TzN6yBwE',
          name: 'query_sql',
          input: { sql: 'SELECT place, mag FROM earthquakes ORDER BY mag DESC LIMIT 1' },
        },
      ],
    });
    expect(messages[2]?.content[0]).toMatchObject({
      type: 'tool_result',
      tool_use_id: 'toolu_01Vh3Qm8XcR2pLk9TzN6yBwE',
    });
  });

  it('leaves thinking blocks out when thinking is off, as a turn without thinking needs none', async () => {
    const { agent, requests } = agentWith({});
    await agent.send('Where was the strongest quake?').result;
    const second = requests[1]!.body;
    expect(anthropicRequestViolations(second)).toEqual([]);
    expect(JSON.stringify(second.messages)).not.toContain('thinking');
  });

  it('keeps budget_tokens below max_tokens and at least 1024, and sends no temperature', async () => {
    const cases: [Partial<AnthropicModelOptions>, number, number][] = [
      [{ thinkingBudgetTokens: 8000 }, 8000, 8000 + 4096],
      [{ thinkingBudgetTokens: 8000, maxTokens: 4000 }, 8000, 12000],
      [{ thinkingBudgetTokens: 16000, maxTokens: 16000, temperature: 0.3 }, 16000, 32000],
      [{ thinkingBudgetTokens: 500 }, 1024, 1024 + 4096],
    ];
    for (const [options, budget, maxTokens] of cases) {
      const replay = replayFetch(fixture('anthropic', 'text.sse'));
      const model = createAnthropicModel({
        model: 'claude-sonnet-4-5',
        apiKey: 'k',
        fetch: replay.fetch,
        ...options,
      });
      await collect(model, { messages: [{ role: 'user', content: 'Hi' }] });
      const body = replay.requests[0]!.body;
      expect(anthropicRequestViolations(body)).toEqual([]);
      expect(body.thinking).toEqual({ type: 'enabled', budget_tokens: budget });
      expect(body.max_tokens).toBe(maxTokens);
      expect(body.temperature).toBeUndefined();
    }
  });

  it('puts thinking blocks first when an interrupted answer merges into the turn that called tools', async () => {
    const history: Message[] = [
      { role: 'user', content: 'Strongest quake?' },
      { role: 'assistant', content: 'Let me', interrupted: true },
      {
        role: 'assistant',
        content: 'Querying.',
        toolCalls: [
          {
            id: 'toolu_1',
            name: 'query_sql',
            arguments: { sql: 'SELECT 1' },
            providerMetadata: {
              anthropicThinkingBlocks: [{ type: 'thinking', thinking: 'Plan.', signature: 'sig' }],
            },
          },
        ],
      },
      { role: 'tool', toolCallId: 'toolu_1', name: 'query_sql', content: '1' },
    ];
    const replay = replayFetch(fixture('anthropic', 'text.sse'));
    const model = createAnthropicModel({
      model: 'claude-sonnet-4-5',
      apiKey: 'k',
      thinkingBudgetTokens: 1024,
      fetch: replay.fetch,
    });
    await collect(model, { messages: history, tools: mapTools });
    const body = replay.requests[0]!.body;
    expect(anthropicRequestViolations(body)).toEqual([]);
    const assistant = (body.messages as { content: { type: string }[] }[])[1]!;
    expect(assistant.content.map((block) => block.type)).toEqual([
      'thinking',
      'text',
      'text',
      'tool_use',
    ]);
  });

  it('sends a tool loop another model began without thinking, as the API refuses it otherwise', async () => {
    // The person switched to Claude with thinking after an OpenAI model called a tool: its turn has no
    // thinking blocks, so this request goes without thinking; a new question turns it on again.
    const history: Message[] = [
      { role: 'user', content: 'Strongest quake?' },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'call_abc', name: 'query_sql', arguments: { sql: 'SELECT 1' } }],
      },
      { role: 'tool', toolCallId: 'call_abc', name: 'query_sql', content: '1 row: Hualien 6.1' },
    ];
    const replay = replaySequence([
      fixture('anthropic', 'text.sse'),
      fixture('anthropic', 'text.sse'),
    ]);
    const model = createAnthropicModel({
      model: 'claude-sonnet-4-5',
      apiKey: 'k',
      thinkingBudgetTokens: 2048,
      temperature: 0.2,
      fetch: replay.fetch,
    });
    await collect(model, { messages: history, tools: mapTools });
    const inLoop = replay.requests[0]!.body;
    expect(anthropicRequestViolations(inLoop)).toEqual([]);
    expect(inLoop.thinking).toBeUndefined();
    expect(inLoop.max_tokens).toBe(4096);
    expect(inLoop.temperature).toBe(0.2);

    const next: Message[] = [
      ...history,
      { role: 'assistant', content: 'Hualien, magnitude 6.1.' },
      { role: 'user', content: 'And the weakest?' },
    ];
    await collect(model, { messages: next, tools: mapTools });
    const afterLoop = replay.requests[1]!.body;
    expect(anthropicRequestViolations(afterLoop)).toEqual([]);
    expect(afterLoop.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 });
  });
});
