import { describe, expect, it } from 'vitest';
import { createAnthropicModel } from '../../../src/providers/anthropic/anthropic-model';
import { ProviderError } from '../../../src/providers/provider-error';
import { askWithTools, collect, fixture, replayFetch } from '../replay-fetch';

function modelFor(name: string, chunkSizes?: number[]) {
  const replay = replayFetch(fixture('anthropic', name), chunkSizes ? { chunkSizes } : {});
  const model = createAnthropicModel({
    model: 'claude-sonnet-4-5',
    apiKey: 'sk-ant-test',
    fetch: replay.fetch,
  });
  return { model, requests: replay.requests };
}

describe('Anthropic adapter replaying recorded streams', () => {
  it('streams text deltas and reports usage from message_start and message_delta', async () => {
    const result = await collect(modelFor('text.sse').model, askWithTools);
    expect(result.error).toBeUndefined();
    expect(result.text).toBe(
      'The strongest earthquake this week was a magnitude 6.1 near Hualien, Taiwan.',
    );
    expect(result.finish).toEqual({
      reason: 'stop',
      usage: { inputTokens: 472, outputTokens: 15 },
    });
  });

  it('assembles tool_use input from input_json_delta fragments, after the text', async () => {
    for (const sizes of [[1], [9, 100], [8192]]) {
      const result = await collect(modelFor('tool-call-split.sse', sizes).model, askWithTools);
      expect(result.text).toBe("I'll query the data.");
      expect(result.calls).toEqual([
        {
          id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6',
          name: 'query_sql',
          arguments: {
            sql: 'SELECT place, mag FROM earthquakes WHERE mag >= 5 ORDER BY mag DESC LIMIT 10',
            limit: 10,
          },
        },
      ]);
      expect(result.finish?.reason).toBe('tool-calls');
    }
  });

  it('emits parallel tool_use blocks in order', async () => {
    const result = await collect(modelFor('parallel-tool-calls.sse').model, askWithTools);
    expect(result.calls.map((call) => [call.id, call.name, call.arguments])).toEqual([
      ['toolu_01A', 'fly_to', { longitude: 121.6, latitude: 23.9, zoom: 7 }],
      ['toolu_01B', 'set_layer_visibility', { layer: 'earthquakes', visible: true }],
    ]);
  });

  it('sends thinking deltas to reasoning, not to the answer', async () => {
    const result = await collect(modelFor('reasoning.sse').model, askWithTools);
    expect(result.reasoning).toBe('The user asks for the largest quake.');
    expect(result.text).toBe('Magnitude 6.1.');
  });

  it('shows a refusal with no content as a marked answer that ends as a refusal', async () => {
    const result = await collect(modelFor('refusal.sse').model, askWithTools);
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('The model declined to answer.');
    expect(result.finish).toEqual({
      reason: 'refusal',
      usage: { inputTokens: 512, outputTokens: 3 },
    });
  });

  it('marks an answer cut short by a refusal, with the explanation from stop_details', async () => {
    for (const sizes of [[1], [11, 3], [8192]]) {
      const result = await collect(modelFor('refusal-mid-answer.sse', sizes).model, askWithTools);
      expect(result.error).toBeUndefined();
      expect(result.text).toBe(
        'Here is how the sensors\n\nThe model declined to continue this answer: This request was declined because it could enable cyber harm.',
      );
      expect(result.finish?.reason).toBe('refusal');
    }
  });

  it('keeps thinking and redacted_thinking blocks, with their signature, on the tool call', async () => {
    for (const sizes of [[1], [5, 64], [8192]]) {
      const result = await collect(modelFor('thinking-tool-call.sse', sizes).model, askWithTools);
      expect(result.error).toBeUndefined();
      expect(result.reasoning).toBe(
        'The user wants the strongest quake. I should query the earthquakes table ordered by magnitude.',
      );
      expect(result.text).toBe("I'll look that up.");
      expect(result.calls).toEqual([
        {
          id: 'toolu_01Vh3Qm8XcR2pLk9TzN6yBwE',
          name: 'query_sql',
          arguments: { sql: 'SELECT place, mag FROM earthquakes ORDER BY mag DESC LIMIT 1' },
          providerMetadata: {
            anthropicThinkingBlocks: [
              {
                type: 'thinking',
                thinking:
                  'The user wants the strongest quake. I should query the earthquakes table ordered by magnitude.',
                signature:
                  'EuYBCkQYAiJAgCs1le6/Pol5Z8YbZt7bQ5Lk0Wr0yTjEpVQ3aH1vC9nM2xQ8sR4tU6wY0zA2bC4dE6fG8hI0jK2lM4nO6pQ8rS0EgxHk2Zk4Rm9Tq3Lw5NcaDLo7WxJ1vB3nC5mD7fR1oXp9KqEt',
              },
              {
                type: 'redacted_thinking',
                data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpPkNRj2YfWXGmKDxH4mPnZ5sQ7vB1cD3eF5gH7iJ9kL1mN3oP5qR7sT9uV1wX3yZ5a',
              },
            ],
          },
        },
      ]);
      expect(result.finish?.reason).toBe('tool-calls');
    }
  });

  it('turns an overloaded_error event into a retryable ProviderError with status 529', async () => {
    const result = await collect(modelFor('error-mid-stream.sse').model, askWithTools);
    expect(result.text).toBe('Looking at');
    const error = result.error as ProviderError;
    expect(error).toBeInstanceOf(ProviderError);
    expect(error.status).toBe(529);
    expect(error.retryable).toBe(true);
    expect(error.providerMessage).toBe('Overloaded');
  });

  it('reports a stream without message_stop as interrupted, keeping the text', async () => {
    const result = await collect(modelFor('cut-off.sse').model, askWithTools);
    expect(result.text).toBe('The largest quake');
    expect((result.error as ProviderError).interrupted).toBe(true);
  });
});
