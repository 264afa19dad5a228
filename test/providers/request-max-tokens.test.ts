// A short side request (the approval card's quick explanation) sets its own answer limit: each adapter
// sends it in its wire format's field instead of the model's configured one, for that request only.
import { describe, expect, it } from 'vitest';
import { createAnthropicModel } from '../../src/providers/anthropic/anthropic-model';
import { createGeminiModel } from '../../src/providers/gemini/gemini-model';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import { collect, fixture, replayFetch } from './replay-fetch';
import type { ModelRequest } from '../../src/agent/types';

const short: ModelRequest = { messages: [{ role: 'user', content: 'Explain.' }], maxTokens: 300 };
const usual: ModelRequest = { messages: [{ role: 'user', content: 'Answer.' }] };

describe('a request’s own limit on the answer’s tokens', () => {
  it('OpenAI-compatible: max_tokens, or max_completion_tokens for a reasoning model', async () => {
    for (const [model, field] of [
      ['gpt-4o-mini', 'max_tokens'],
      ['o4-mini', 'max_completion_tokens'],
    ] as const) {
      const replay = replayFetch(fixture('openai-compatible', 'text.sse'));
      const chat = createOpenAICompatibleModel({ model, maxTokens: 4000, fetch: replay.fetch });
      await collect(chat, short);
      await collect(chat, usual);
      expect(replay.requests.map((request) => request.body[field])).toEqual([300, 4000]);
    }
  });

  it('Anthropic: max_tokens, with the thinking budget on top when thinking is on', async () => {
    const replay = replayFetch(fixture('anthropic', 'text.sse'));
    const plain = createAnthropicModel({ model: 'claude-sonnet-4-5', fetch: replay.fetch });
    await collect(plain, short);
    await collect(plain, usual);
    const thinking = createAnthropicModel({
      model: 'claude-sonnet-4-5',
      thinkingBudgetTokens: 2048,
      fetch: replay.fetch,
    });
    await collect(thinking, short);
    expect(replay.requests.map((request) => request.body.max_tokens)).toEqual([300, 4096, 2348]);
  });

  it('Gemini: generationConfig.maxOutputTokens', async () => {
    const replay = replayFetch(fixture('gemini', 'text.sse'));
    const chat = createGeminiModel({ model: 'gemini-2.5-flash', fetch: replay.fetch });
    await collect(chat, short);
    await collect(chat, usual);
    const limits = replay.requests.map(
      (request) =>
        (request.body.generationConfig as { maxOutputTokens?: number } | undefined)
          ?.maxOutputTokens,
    );
    expect(limits).toEqual([300, undefined]);
  });
});
