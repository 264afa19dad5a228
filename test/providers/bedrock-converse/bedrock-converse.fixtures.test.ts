// The Amazon Bedrock Converse preset: ConverseStream answers in the binary AWS event stream, replayed
// whole and split at odd byte boundaries (inside preludes, headers, payloads and checksums). The
// fixtures are built by ./converse-event-stream.ts in the documented shape of the Bedrock API
// reference; they are written in that shape, not recorded against an AWS account.
import { describe, expect, it } from 'vitest';
import { createChosenModel } from '../../../src/providers/create-chosen-model';
import { listProviderModels } from '../../../src/providers/list-provider-models';
import { PROVIDER_DEFAULTS, type ModelChoice } from '../../../src/providers/provider-defaults';
import { ProviderError } from '../../../src/providers/provider-error';
import { askWithTools, collect, oddChunkSizes, replayFetch } from '../replay-fetch';
import {
  converseStream,
  guardrailAnswer,
  reasoningAnswer,
  textAnswer,
  throttledAnswer,
  toolUseAnswer,
  validationFailure,
} from './converse-event-stream';

const preset = PROVIDER_DEFAULTS['bedrock-converse'];
const key = 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxlLWtleS1mb3ItdGVzdHM=';

/** Whole (one read), split at odd sizes, and one byte at a time. */
const splits: [string, number[]][] = [
  ['whole', [1 << 20]],
  ['split at odd byte boundaries', oddChunkSizes],
  ['one byte per read', [1]],
];

function converseModel(
  payload: Uint8Array | string,
  options: { chunkSizes?: number[]; status?: number; choice?: Partial<ModelChoice> } = {},
) {
  const replay = replayFetch(payload, {
    ...(options.chunkSizes ? { chunkSizes: options.chunkSizes } : {}),
    ...(options.status ? { status: options.status } : {}),
    headers: { 'content-type': 'application/vnd.amazon.eventstream' },
  });
  const model = createChosenModel(
    {
      provider: 'bedrock-converse',
      endpoint: preset.endpoint,
      model: preset.model,
      apiKey: key,
      ...options.choice,
    },
    replay.fetch,
  );
  return { model, requests: replay.requests };
}

describe('the Amazon Bedrock Converse preset', () => {
  it('posts to the region’s converse-stream path of the model with the key as a bearer token', async () => {
    const { model, requests } = converseModel(converseStream(textAnswer));
    await collect(model, { ...askWithTools, maxTokens: 800 });
    const [request] = requests;
    expect(request?.url).toBe(
      'https://bedrock-runtime.us-east-1.amazonaws.com/model/us.anthropic.claude-sonnet-4-5-20250929-v1%3A0/converse-stream',
    );
    expect(request?.headers.authorization).toBe(`Bearer ${key}`);
    expect(request?.headers.accept).toBe('application/vnd.amazon.eventstream');
    expect(Object.keys(request?.headers ?? {}).sort()).toEqual([
      'accept',
      'authorization',
      'content-type',
    ]);
    expect(request?.body).toEqual({
      system: [{ text: 'You answer questions about earthquakes.' }],
      messages: [
        { role: 'user', content: [{ text: 'Where was the strongest earthquake this week?' }] },
      ],
      toolConfig: {
        tools: expect.arrayContaining([
          expect.objectContaining({
            toolSpec: expect.objectContaining({
              name: 'query_sql',
              inputSchema: { json: expect.objectContaining({ type: 'object' }) },
            }),
          }),
        ]) as unknown,
      },
      inferenceConfig: { maxTokens: 800 },
    });
  });

  it('follows the region the person names in the endpoint', async () => {
    const { model, requests } = converseModel(converseStream(textAnswer), {
      choice: {
        endpoint: 'https://bedrock-runtime.eu-central-1.amazonaws.com/',
        model: 'eu.amazon.nova-pro-v1:0',
      },
    });
    await collect(model, askWithTools);
    expect(requests[0]?.url).toBe(
      'https://bedrock-runtime.eu-central-1.amazonaws.com/model/eu.amazon.nova-pro-v1%3A0/converse-stream',
    );
  });

  it('offers Claude, Llama and Nova models, since a key cannot list them', async () => {
    const models = await listProviderModels(
      { provider: 'bedrock-converse', endpoint: preset.endpoint, model: preset.model, apiKey: key },
      {
        fetch: () => {
          throw new Error('no request expected');
        },
      },
    );
    expect(models).toEqual(
      expect.arrayContaining([
        'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
        'us.meta.llama3-3-70b-instruct-v1:0',
        'us.amazon.nova-pro-v1:0',
      ]),
    );
  });

  for (const [split, chunkSizes] of splits) {
    describe(`a ConverseStream answer read ${split}`, () => {
      it('streams text and reports end_turn with usage from the metadata event', async () => {
        const { model } = converseModel(converseStream(textAnswer), { chunkSizes });
        const result = await collect(model, askWithTools);
        expect(result.error).toBeUndefined();
        expect(result.text).toBe('The strongest was M6.1 near Hualien, Taiwan — ünïcödé.');
        expect(result.finish).toEqual({
          reason: 'stop',
          usage: { inputTokens: 412, outputTokens: 19 },
        });
      });

      it('assembles toolUse input from its string fragments, after the text', async () => {
        const { model } = converseModel(converseStream(toolUseAnswer), { chunkSizes });
        const result = await collect(model, askWithTools);
        expect(result.error).toBeUndefined();
        expect(result.text).toBe('Let me query the data.');
        expect(result.calls).toEqual([
          {
            id: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q',
            name: 'query_sql',
            arguments: { sql: 'SELECT place, mag FROM quakes ORDER BY mag DESC', limit: 1 },
          },
        ]);
        expect(result.finish?.reason).toBe('tool-calls');
        const kinds = result.events.map((event) => event.type);
        expect(kinds.indexOf('text-delta')).toBeLessThan(kinds.indexOf('tool-call'));
      });

      it('sends reasoning to reasoning, and keeps it with its signature on the tool call', async () => {
        const { model } = converseModel(converseStream(reasoningAnswer), { chunkSizes });
        const result = await collect(model, askWithTools);
        expect(result.error).toBeUndefined();
        expect(result.reasoning).toBe('The person wants the largest magnitude.');
        expect(result.text).toBe('');
        expect(result.calls).toEqual([
          {
            id: 'tooluse_R1',
            name: 'fly_to',
            arguments: { longitude: 121.6, latitude: 23.9, zoom: 6 },
            providerMetadata: {
              bedrockReasoning: [
                {
                  text: 'The person wants the largest magnitude.',
                  signature: 'EqQBCkgIBxABGAIiQL1x',
                },
              ],
            },
          },
        ]);
      });

      it('turns a throttlingException in the stream into a retryable error, keeping the text', async () => {
        const { model } = converseModel(throttledAnswer(), { chunkSizes });
        const result = await collect(model, askWithTools);
        expect(result.text).toBe('Looking');
        expect(result.error).toBeInstanceOf(ProviderError);
        const error = result.error as ProviderError;
        expect(error.retryable).toBe(true);
        expect(error.status).toBe(429);
        expect(error.provider).toBe('bedrock-converse');
        expect(error.message).toContain('Too many tokens');
      });

      it('turns a validationException into an error that is not retried', async () => {
        const { model } = converseModel(validationFailure(), { chunkSizes });
        const result = await collect(model, askWithTools);
        const error = result.error as ProviderError;
        expect(error).toBeInstanceOf(ProviderError);
        expect(error.retryable).toBe(false);
        expect(error.message).toContain('must start with a user message');
      });
    });
  }

  it('says a guardrail stopped the answer rather than showing nothing', async () => {
    const { model } = converseModel(converseStream(guardrailAnswer));
    const result = await collect(model, askWithTools);
    expect(result.finish?.reason).toBe('content-filter');
    expect(result.text.length).toBeGreaterThan(0);
  });

  it('reports a stream cut inside a message as interrupted, keeping the text', async () => {
    // Cut inside the message after the text, before messageStop.
    const upToText = converseStream(textAnswer.slice(0, 3));
    const whole = converseStream(textAnswer);
    const { model } = converseModel(whole.slice(0, upToText.length + 20), { chunkSizes: [97] });
    const result = await collect(model, askWithTools);
    expect(result.text).toContain('The strongest was M6.1');
    expect((result.error as ProviderError).interrupted).toBe(true);
  });

  it('refuses a message whose checksum does not match, keeping the text before it', async () => {
    const upToText = converseStream(textAnswer.slice(0, 3));
    const corrupt = converseStream(textAnswer);
    // Flip one byte inside the payload of the message after the text.
    corrupt[upToText.length + 30] = (corrupt[upToText.length + 30] ?? 0) ^ 0xff;
    const { model } = converseModel(corrupt, { chunkSizes: oddChunkSizes });
    const result = await collect(model, askWithTools);
    expect(result.text).toBe('The strongest was M6.1 near Hualien, Taiwan — ünïcödé.');
    expect((result.error as ProviderError).interrupted).toBe(true);
    expect(result.finish).toBeUndefined();
  });

  it('reads the JSON message of an HTTP error before the stream', async () => {
    const body = JSON.stringify({
      message: 'The security token included in the request is invalid.',
    });
    const { model } = converseModel(body, { status: 403 });
    const result = await collect(model, askWithTools);
    const error = result.error as ProviderError;
    expect(error.status).toBe(403);
    expect(error.retryable).toBe(false);
    expect(error.providerMessage).toBe('The security token included in the request is invalid.');
    expect(error.message).toContain('Amazon Bedrock refused the API key');
  });

  it('retries an HTTP 503 before the stream', async () => {
    const body = JSON.stringify({ message: 'Bedrock is unable to process your request.' });
    const { model } = converseModel(body, { status: 503 });
    const error = (await collect(model, askWithTools)).error as ProviderError;
    expect(error.retryable).toBe(true);
    expect(error.providerMessage).toBe('Bedrock is unable to process your request.');
  });
});
