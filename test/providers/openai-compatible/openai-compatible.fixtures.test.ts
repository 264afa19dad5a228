import { describe, expect, it } from 'vitest';
import { createOpenAICompatibleModel } from '../../../src/providers/openai-compatible/openai-compatible-model';
import { ProviderError } from '../../../src/providers/provider-error';
import { askWithTools, collect, fixture, replayFetch } from '../replay-fetch';

function modelFor(name: string, chunkSizes?: number[]) {
  const replay = replayFetch(fixture('openai-compatible', name), chunkSizes ? { chunkSizes } : {});
  const model = createOpenAICompatibleModel({
    model: 'gpt-4o-mini',
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: 'sk-test',
    fetch: replay.fetch,
  });
  return { model, requests: replay.requests };
}

describe('OpenAI-compatible adapter replaying recorded streams', () => {
  it('streams text as several deltas and reports usage', async () => {
    const { model } = modelFor('text.sse');
    const result = await collect(model, askWithTools);
    expect(result.error).toBeUndefined();
    expect(result.text).toBe(
      'The strongest earthquake this week was a magnitude 6.1 near Hualien, Taiwan.',
    );
    expect(result.events.filter((event) => event.type === 'text-delta').length).toBeGreaterThan(3);
    expect(result.finish).toEqual({
      reason: 'stop',
      usage: { inputTokens: 412, outputTokens: 15 },
    });
  });

  it('assembles one tool call from many argument fragments', async () => {
    for (const sizes of [[1], [3, 17], [4096]]) {
      const { model } = modelFor('tool-call-split.sse', sizes);
      const result = await collect(model, askWithTools);
      expect(result.calls).toEqual([
        {
          id: 'call_Qm3kX8',
          name: 'query_sql',
          arguments: {
            sql: 'SELECT place, mag FROM earthquakes WHERE mag >= 5 ORDER BY mag DESC LIMIT 10',
            limit: 10,
          },
        },
      ]);
      expect(result.text).toBe('');
      expect(result.finish?.reason).toBe('tool-calls');
    }
  });

  it('assembles parallel tool calls whose fragments interleave, in index order', async () => {
    const { model } = modelFor('parallel-tool-calls.sse');
    const result = await collect(model, askWithTools);
    expect(result.calls.map((call) => [call.id, call.name, call.arguments])).toEqual([
      ['call_fly01', 'fly_to', { longitude: 121.6, latitude: 23.9, zoom: 7 }],
      ['call_lay02', 'set_layer_visibility', { layer: 'earthquakes', visible: true }],
    ]);
  });

  it('separates parallel calls that an Ollama server sends all at index 0', async () => {
    const { model } = modelFor('ollama-parallel-index-zero.sse');
    const result = await collect(model, askWithTools);
    expect(result.calls.map((call) => call.name)).toEqual(['fly_to', 'set_layer_visibility']);
    expect(result.calls[1]?.arguments).toEqual({ layer: 'earthquakes', visible: true });
  });

  it('sends reasoning_content to reasoning deltas, never into the answer', async () => {
    const { model } = modelFor('reasoning.sse');
    const result = await collect(model, askWithTools);
    expect(result.reasoning).toBe('The user asks for the largest quake; I know the answer.');
    expect(result.text).toBe('Magnitude 6.1, near Hualien.');
  });

  it('reads the `reasoning` field and ignores SSE comments', async () => {
    const { model } = modelFor('reasoning-field.sse');
    const result = await collect(model, askWithTools);
    expect(result.reasoning).toBe('Need to check the data.');
    expect(result.text).toBe('Done.');
  });

  it('shows a delta.refusal as a marked answer that ends as a refusal, not as an empty answer', async () => {
    for (const sizes of [[1], [7, 13], [4096]]) {
      const { model } = modelFor('refusal.sse', sizes);
      const result = await collect(model, askWithTools);
      expect(result.error).toBeUndefined();
      expect(result.text).toBe(
        "The model declined to answer: I'm sorry, but I can't help with that request.",
      );
      expect(result.finish).toEqual({
        reason: 'refusal',
        usage: { inputTokens: 318, outputTokens: 12 },
      });
    }
  });

  it('reads content sent as an array of parts: thinking parts as reasoning, text parts as text', async () => {
    for (const sizes of [[1], [9, 31], [4096]]) {
      const { model } = modelFor('content-parts-thinking.sse', sizes);
      const result = await collect(model, askWithTools);
      expect(result.error).toBeUndefined();
      expect(result.reasoning).toBe(
        'Okay, the user wants the strongest quake. It was the M6.1 near Hualien. Answer briefly.',
      );
      expect(result.text).toBe('The strongest was a magnitude 6.1 near Hualien, Taiwan.');
      expect(result.finish).toEqual({
        reason: 'stop',
        usage: { inputTokens: 402, outputTokens: 49 },
      });
    }
  });

  it('moves <think> blocks split across chunks into reasoning', async () => {
    for (const sizes of [[1], [5, 11], [4096]]) {
      const { model } = modelFor('think-tags.sse', sizes);
      const result = await collect(model, askWithTools);
      expect(result.reasoning).toBe('Okay, the user wants the count.');
      expect(result.text).toBe('There are 42 earthquakes.');
    }
  });

  it('recovers a tool call written as text and keeps its markup off the screen', async () => {
    const { model } = modelFor('text-tool-call.sse');
    const result = await collect(model, askWithTools);
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]).toMatchObject({
      name: 'query_sql',
      arguments: { sql: 'SELECT count(*) FROM earthquakes' },
    });
    expect(result.text).toBe('Let me look that up.\n');
    for (const event of result.events) {
      if (event.type === 'text-delta') expect(event.text).not.toContain('tool_call');
    }
    expect(result.finish?.reason).toBe('tool-calls');
  });

  it('turns an error chunk mid-stream into a retryable ProviderError after the text so far', async () => {
    const { model } = modelFor('error-mid-stream.sse');
    const result = await collect(model, askWithTools);
    expect(result.text).toBe('Looking at the');
    expect(result.error).toBeInstanceOf(ProviderError);
    const error = result.error as ProviderError;
    expect(error.providerMessage).toContain('The server had an error');
    expect(error.retryable).toBe(true);
    expect(error.provider).toBe('openai-compatible');
    expect(result.finish).toBeUndefined();
  });

  it('reports a stream cut off before [DONE] as interrupted, keeping the text received', async () => {
    const { model } = modelFor('cut-off.sse');
    const result = await collect(model, askWithTools);
    expect(result.text).toBe('The largest quake was');
    expect(result.error).toBeInstanceOf(ProviderError);
    expect((result.error as ProviderError).interrupted).toBe(true);
    expect((result.error as ProviderError).message).toMatch(/stopped streaming/);
    expect(result.finish).toBeUndefined();
  });

  it('decodes multi-byte characters split across chunks', async () => {
    const chunk = (content: string) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;
    const payload = `${chunk('Zürich 🌍 ')}${chunk('東京')}data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;
    const replay = replayFetch(payload, { chunkSizes: [1] });
    const model = createOpenAICompatibleModel({
      model: 'm',
      baseUrl: 'http://127.0.0.1:9/v1',
      fetch: replay.fetch,
    });
    const result = await collect(model, { messages: [{ role: 'user', content: 'hi' }] });
    expect(result.text).toBe('Zürich 🌍 東京');
  });

  it('ends quietly, without an error, when the signal aborts mid-stream', async () => {
    const { model } = modelFor('text.sse', [40]);
    const controller = new AbortController();
    const events: string[] = [];
    let thrown: unknown;
    try {
      for await (const event of model.stream(askWithTools, controller.signal)) {
        events.push(event.type);
        if (events.length === 2) controller.abort();
      }
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeUndefined();
    expect(events).not.toContain('finish');
  });
});
