import { describe, expect, it } from 'vitest';
import { createGeminiModel } from '../../../src/providers/gemini/gemini-model';
import { askWithTools, collect, fixture, replayFetch } from '../replay-fetch';
import type { ProviderError } from '../../../src/providers/provider-error';

function modelFor(name: string, chunkSizes?: number[]) {
  const replay = replayFetch(fixture('gemini', name), chunkSizes ? { chunkSizes } : {});
  const model = createGeminiModel({
    model: 'gemini-2.5-flash',
    apiKey: 'AIza-test',
    fetch: replay.fetch,
  });
  return { model, requests: replay.requests };
}

describe('Gemini adapter replaying recorded streams', () => {
  it('streams text from CRLF-separated events and reports usage', async () => {
    for (const sizes of [[1], [2, 3], [8192]]) {
      const result = await collect(modelFor('text.sse', sizes).model, askWithTools);
      expect(result.error).toBeUndefined();
      expect(result.text).toBe(
        'The strongest earthquake this week was a magnitude 6.1 near Hualien, Taiwan.',
      );
      expect(result.finish).toEqual({
        reason: 'stop',
        usage: { inputTokens: 398, outputTokens: 15 },
      });
    }
  });

  it('emits a functionCall with its arguments and keeps its thought signature for the next request', async () => {
    const result = await collect(modelFor('tool-call-split.sse').model, askWithTools);
    expect(result.text).toBe("I'll query the data.");
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]).toMatchObject({
      name: 'query_sql',
      arguments: { limit: 10 },
      providerMetadata: { thoughtSignature: 'CiQB0e2Kb7hWqQ==' },
    });
    expect(result.calls[0]?.id).toMatch(/^call_/);
    // Gemini says STOP even when it calls a function; the round still ends in tool calls.
    expect(result.finish?.reason).toBe('tool-calls');
  });

  it('emits parallel function calls with distinct ids', async () => {
    const result = await collect(modelFor('parallel-tool-calls.sse').model, askWithTools);
    expect(result.calls.map((call) => call.name)).toEqual(['fly_to', 'set_layer_visibility']);
    expect(new Set(result.calls.map((call) => call.id)).size).toBe(2);
  });

  it('sends thought parts to reasoning and counts thought tokens as output', async () => {
    const result = await collect(modelFor('reasoning.sse').model, askWithTools);
    expect(result.reasoning).toContain('The user asks for the largest quake.');
    expect(result.text).toBe('Magnitude 6.1.');
    expect(result.finish?.usage?.outputTokens).toBe(125);
  });

  it('turns an error object mid-stream into a retryable ProviderError', async () => {
    const result = await collect(modelFor('error-mid-stream.sse').model, askWithTools);
    expect(result.text).toBe('Looking at');
    const error = result.error as ProviderError;
    expect(error.status).toBe(503);
    expect(error.retryable).toBe(true);
    expect(error.providerMessage).toMatch(/overloaded/);
  });

  it('reports a stream without a finishReason as interrupted, keeping the text', async () => {
    const result = await collect(modelFor('cut-off.sse').model, askWithTools);
    expect(result.text).toBe('The largest quake was');
    expect((result.error as ProviderError).interrupted).toBe(true);
  });

  it('says the content filter blocked a prompt, rather than ending with nothing to read', async () => {
    const result = await collect(modelFor('prompt-blocked.sse').model, askWithTools);
    expect(result.error).toBeUndefined();
    expect(result.text).toBe(
      "The provider's content filter blocked this answer. Rephrase the question, or choose another model.",
    );
    expect(result.finish?.reason).toBe('content-filter');
  });
});
