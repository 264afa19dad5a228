// OpenAI's reasoning models (o1, o3, o4-mini, gpt-5) refuse max_tokens and any temperature but the
// default; other models and local servers keep max_tokens, which is all many of them know.
import { describe, expect, it } from 'vitest';
import { createOpenAICompatibleModel } from '../../../src/providers/openai-compatible/openai-compatible-model';
import { openAIRequestViolations } from '../provider-request-rules';
import { collect, fixture, replayFetch } from '../replay-fetch';

async function sentBody(model: string, reasoningModel?: boolean) {
  const replay = replayFetch(fixture('openai-compatible', 'text.sse'));
  await collect(
    createOpenAICompatibleModel({
      model,
      apiKey: 'sk-test',
      temperature: 0.2,
      maxTokens: 800,
      fetch: replay.fetch,
      ...(reasoningModel === undefined ? {} : { reasoningModel }),
    }),
    { messages: [{ role: 'user', content: 'Hi' }] },
  );
  return replay.requests[0]!.body;
}

describe('token and temperature parameters by model', () => {
  it('reasoning models get max_completion_tokens and no temperature', async () => {
    for (const model of [
      'o1',
      'o3',
      'o3-mini',
      'o4-mini-2025-04-16',
      'gpt-5',
      'gpt-5-mini',
      'gpt-5.1',
    ]) {
      const body = await sentBody(model);
      expect(openAIRequestViolations(body), model).toEqual([]);
      expect(body.max_completion_tokens, model).toBe(800);
      expect(body.max_tokens, model).toBeUndefined();
      expect(body.temperature, model).toBeUndefined();
    }
  });

  it('other models keep max_tokens and the temperature', async () => {
    for (const model of ['gpt-4o-mini', 'gpt-4.1', 'qwen3:8b', 'openai/gpt-oss-20b', 'omni-7b']) {
      const body = await sentBody(model);
      expect(openAIRequestViolations(body), model).toEqual([]);
      expect(body.max_tokens, model).toBe(800);
      expect(body.max_completion_tokens, model).toBeUndefined();
      expect(body.temperature, model).toBe(0.2);
    }
  });

  it('the reasoningModel option decides for a deployment whose name does not say', async () => {
    const body = await sentBody('my-azure-deployment', true);
    expect(body.max_completion_tokens).toBe(800);
    expect(body.temperature).toBeUndefined();
  });
});
