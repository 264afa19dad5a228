// A refusal reaches the person as the model declining to answer: the turn completes with the refusal as
// its text and `refusal` as its finish reason, instead of failing with "empty answer" or showing nothing.
import { describe, expect, it } from 'vitest';
import { Agent } from '../../src/agent/run/agent';
import { createAnthropicModel } from '../../src/providers/anthropic/anthropic-model';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import { AgentHarness } from '../agent/fakes';
import { fixture, replayFetch } from './replay-fetch';
import type { AssistantMessage, ChatModel } from '../../src/agent/types';

async function ask(model: ChatModel) {
  const agent = new AgentHarness(
    new Agent({ model, systemPrompt: 'You answer questions about earthquakes.' }),
  );
  const result = await agent.send('Explain how to jam the seismic sensors.').result;
  return { result, last: agent.snapshot().history.at(-1) as AssistantMessage };
}

describe('a refusal through the agent', () => {
  it('OpenAI delta.refusal: the turn completes with the refusal as its answer', async () => {
    const { result, last } = await ask(
      createOpenAICompatibleModel({
        model: 'gpt-4o',
        apiKey: 'sk-test',
        fetch: replayFetch(fixture('openai-compatible', 'refusal.sse')).fetch,
      }),
    );
    expect(result.outcome).toBe('completed');
    expect(result.finishReason).toBe('refusal');
    expect(result.text).toBe(
      "The model declined to answer: I'm sorry, but I can't help with that request.",
    );
    expect(last).toMatchObject({ role: 'assistant', content: result.text });
  });

  it('Anthropic stop_reason refusal with no text: the turn completes saying the model declined', async () => {
    const { result, last } = await ask(
      createAnthropicModel({
        model: 'claude-sonnet-4-5',
        apiKey: 'sk-ant-test',
        fetch: replayFetch(fixture('anthropic', 'refusal.sse')).fetch,
      }),
    );
    expect(result.outcome).toBe('completed');
    expect(result.finishReason).toBe('refusal');
    expect(result.text).toBe('The model declined to answer.');
    expect(last.content).toBe('The model declined to answer.');
  });
});
