// A small local model (an 8,192-token window) keeps the conversation: the round offers compact tool specs
// and the short system prompt, recent tool results are bounded harder, and the last three turns still go
// whole; the budget follows the model when the person switches.
import { describe, expect, it } from 'vitest';
import { SMALL_CONTEXT_TOKENS } from '../../../src/agent/context/small-context';
import { estimateTokens } from '../../../src/agent/context/token-estimate';
import { Agent } from '../../../src/agent/run/agent';
import { contextBudgetFor } from '../../../src/providers/context-budget';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { appRegistry, bundledPrompt, roundBytes as bytesOf } from '../bundled-round';
import type { AgentState, Message, ModelRequest } from '../../../src/agent/types';

/** A turn as a small model makes one: a question, a query with its result, an answer. */
function turn(index: number): Message[] {
  return [
    {
      role: 'user',
      content: `Question ${index}: how many quakes above magnitude ${index} this week?`,
    },
    {
      role: 'assistant',
      content: `I will count the quakes above magnitude ${index}.`,
      toolCalls: [
        {
          id: `call_${index}`,
          name: 'query',
          arguments: { sql_query: `SELECT count(*) FROM earthquakes WHERE mag > ${index}` },
        },
      ],
    },
    {
      role: 'tool',
      toolCallId: `call_${index}`,
      name: 'query',
      content: `result ${index}: ${'row, '.repeat(600)}`,
    },
    { role: 'assistant', content: `Answer ${index}: ${'There were many quakes. '.repeat(8)}` },
  ];
}

async function firstRequest(agent: Agent, history: Message[], question: string) {
  const sent: ModelRequest[] = [];
  agent.setModel(
    createScriptedModel([{ expect: (request) => void sent.push(request), text: 'Done.' }]),
  );
  const state: AgentState = { history: [...history], status: 'idle' };
  await agent.send({ state, commit: () => {} }, question).result;
  return sent[0] as ModelRequest;
}

const roundBytes = (request: ModelRequest): number => {
  const { system, tools } = bytesOf(request);
  return system + tools;
};

describe('a small context window (8,192 tokens, a local model)', () => {
  const budget = contextBudgetFor('local', 'qwen2.5:7b');

  it('is a small budget that leaves room for the answer', () => {
    expect(budget).toBeLessThanOrEqual(SMALL_CONTEXT_TOKENS);
    expect(budget).toBe(8_192 - 2_048);
  });

  it('sends round 1 with compact tool specs and the short prompt, well under the full round', async () => {
    const registry = await appRegistry();
    expect(registry.list().length).toBeGreaterThanOrEqual(15);
    const large = new Agent({
      model: createScriptedModel([]),
      registry,
      systemPrompt: bundledPrompt(false),
      limits: { contextTokens: 32_000 },
    });
    const small = new Agent({
      model: createScriptedModel([]),
      registry,
      systemPrompt: bundledPrompt(true),
      limits: { contextTokens: budget },
    });
    const full = roundBytes(await firstRequest(large, [], 'How many quakes?'));
    const fitted = await firstRequest(small, [], 'How many quakes?');
    // The full round stays within the prompt diet's target (issue 24: 9.8 KB, a third of geo-agent's).
    expect(full).toBeLessThanOrEqual(9_800);
    expect(full).toBeGreaterThan(8_000);
    expect(roundBytes(fitted)).toBeLessThanOrEqual(7_500);
    // Every tool is still offered, with its parameters, names and required fields.
    expect(fitted.tools?.map((tool) => tool.name)).toEqual(
      registry.specs().map((spec) => spec.name),
    );
    const query = fitted.tools?.find((tool) => tool.name === 'query');
    expect(query?.inputSchema.required).toEqual(['sql_query']);
    expect(JSON.stringify(query?.inputSchema)).not.toContain('"description"');
  });

  it('keeps at least the last three turns after ten', async () => {
    const registry = await appRegistry();
    const agent = new Agent({
      model: createScriptedModel([]),
      registry,
      systemPrompt: bundledPrompt(true),
      limits: { contextTokens: budget },
    });
    const history = Array.from({ length: 10 }, (_, index) => turn(index + 1)).flat();
    const request = await firstRequest(agent, history, 'And the strongest one?');
    const sent = JSON.stringify(request.messages);
    // The recent turns (the current one and the two before) go whole, tool results included; the turn
    // before them keeps its text, as on any model.
    for (const index of [8, 9, 10]) {
      expect(sent).toContain(`Question ${index}:`);
      expect(sent).toContain(`Answer ${index}:`);
    }
    for (const index of [9, 10]) expect(sent).toContain(`result ${index}:`);
    expect(
      estimateTokens(JSON.stringify(request.tools)) + estimateTokens(sent),
    ).toBeLessThanOrEqual(budget + 200);
  });
});

describe('the budget follows the model', () => {
  it('changes with setModel, from the next round on', () => {
    const history = Array.from({ length: 60 }, (_, index) => turn(index + 1)).flat();
    const state: AgentState = { history, status: 'idle' };
    const agent = new Agent({
      model: createScriptedModel([]),
      systemPrompt: 'You are Mapwright.',
      limits: { contextTokens: 32_000 },
    });
    expect(JSON.stringify(agent.turnMessages(state))).toContain('Question 1:');
    agent.setModel(createScriptedModel([]), contextBudgetFor('local', 'qwen2.5:7b'));
    expect(agent.contextTokens).toBe(6_144);
    expect(JSON.stringify(agent.turnMessages(state))).not.toContain('Question 1:');
    agent.setModel(createScriptedModel([]), contextBudgetFor('anthropic', 'claude-sonnet-4-5'));
    expect(agent.contextTokens).toBe(32_000);
    expect(JSON.stringify(agent.turnMessages(state))).toContain('Question 1:');
  });

  it('keeps the budget when setModel gives none', () => {
    const agent = new Agent({ model: createScriptedModel([]), limits: { contextTokens: 5_000 } });
    agent.setModel(createScriptedModel([]));
    expect(agent.contextTokens).toBe(5_000);
  });
});
