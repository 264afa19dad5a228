// The Amazon Bedrock preset: its OpenAI-compatible Chat Completions endpoint, a Bedrock API key as the
// bearer token, and gpt-oss's stream, whose reasoning comes inside the content wrapped in <reasoning>
// tags, once per chunk. The fixtures follow the chunk shape Bedrock's endpoint sends for
// openai.gpt-oss-120b-1:0 (role chunk, tagged reasoning chunks, content or tool-call fragments, a finish
// chunk carrying usage, [DONE]); they are written in that shape, not recorded against an AWS account.
import { describe, expect, it } from 'vitest';
import { createChosenModel } from '../../../src/providers/create-chosen-model';
import { listProviderModels } from '../../../src/providers/list-provider-models';
import { PROVIDER_DEFAULTS, type ModelChoice } from '../../../src/providers/provider-defaults';
import { askWithTools, collect, fixture, oddChunkSizes, replayFetch } from '../replay-fetch';

const bedrock = PROVIDER_DEFAULTS.bedrock;
const key = 'ABSKQmVkcm9ja0FQSUtleS1leGFtcGxlLWtleS1mb3ItdGVzdHM=';

function bedrockModel(name: string, choice: Partial<ModelChoice> = {}, chunkSizes = oddChunkSizes) {
  const replay = replayFetch(fixture('bedrock', name), { chunkSizes });
  const model = createChosenModel(
    {
      provider: 'bedrock',
      endpoint: bedrock.endpoint,
      model: bedrock.model,
      apiKey: key,
      ...choice,
    },
    replay.fetch,
  );
  return { model, requests: replay.requests };
}

describe('the Amazon Bedrock preset', () => {
  it('posts Chat Completions to the region’s OpenAI path with the Bedrock key as a bearer token', async () => {
    const { model, requests } = bedrockModel('reasoning-text.sse');
    await collect(model, askWithTools);
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.url).toBe(
      'https://bedrock-runtime.us-west-2.amazonaws.com/openai/v1/chat/completions',
    );
    expect(request?.headers.authorization).toBe(`Bearer ${key}`);
    expect(request?.headers['content-type']).toBe('application/json');
    // No header of another provider's (OpenRouter's title, Anthropic's key header).
    expect(Object.keys(request?.headers ?? {}).sort()).toEqual([
      'accept',
      'authorization',
      'content-type',
    ]);
    expect(request?.body).toMatchObject({
      model: 'openai.gpt-oss-120b-1:0',
      stream: true,
      messages: [
        { role: 'system', content: 'You answer questions about earthquakes.' },
        { role: 'user', content: 'Where was the strongest earthquake this week?' },
      ],
    });
    const tools = request?.body.tools as { type: string; function: { name: string } }[];
    expect(tools.map((tool) => [tool.type, tool.function.name])).toEqual([
      ['function', 'query_sql'],
      ['function', 'fly_to'],
      ['function', 'set_layer_visibility'],
    ]);
    // The key is in the header only.
    expect(JSON.stringify(request?.body)).not.toContain(key);
    expect(request?.url).not.toContain(key);
  });

  it('follows the region the person writes into the endpoint', async () => {
    const { model, requests } = bedrockModel('reasoning-text.sse', {
      endpoint: 'https://bedrock-runtime.eu-central-1.amazonaws.com/openai/v1/',
      model: 'openai.gpt-oss-20b-1:0',
    });
    await collect(model, askWithTools);
    expect(requests[0]?.url).toBe(
      'https://bedrock-runtime.eu-central-1.amazonaws.com/openai/v1/chat/completions',
    );
    expect(requests[0]?.body.model).toBe('openai.gpt-oss-20b-1:0');
  });

  it('shows gpt-oss reasoning apart from the answer, however the bytes are split', async () => {
    for (const sizes of [[1], [5, 11], oddChunkSizes, [65_536]]) {
      const { model } = bedrockModel('reasoning-text.sse', {}, sizes);
      const result = await collect(model, askWithTools);
      expect(result.error).toBeUndefined();
      expect(result.reasoning).toBe(
        'The user asks for the strongest quake this week; the data shows Hualien, 6.1.',
      );
      expect(result.text).toBe(
        'The strongest earthquake this week was a magnitude 6.1 near Hualien, Taiwan.',
      );
      expect(result.text).not.toContain('reasoning>');
      expect(result.finish).toEqual({
        reason: 'stop',
        usage: { inputTokens: 388, outputTokens: 41 },
      });
    }
  });

  it('reads a tool call that follows tagged reasoning', async () => {
    const { model } = bedrockModel('reasoning-tool-call.sse');
    const result = await collect(model, askWithTools);
    expect(result.reasoning).toBe('I need the five strongest quakes: a query.');
    expect(result.text).toBe('');
    expect(result.calls).toEqual([
      {
        id: 'tooluse_kP3nQ8rT',
        name: 'query_sql',
        arguments: {
          sql: 'SELECT place, mag FROM earthquakes ORDER BY mag DESC LIMIT 5',
          limit: 5,
        },
      },
    ]);
    expect(result.finish?.reason).toBe('tool-calls');
  });

  it('offers the gpt-oss models without asking the endpoint for a list it does not have', async () => {
    let requests = 0;
    const models = await listProviderModels(
      { provider: 'bedrock', endpoint: bedrock.endpoint, model: '', apiKey: key },
      {
        fetch: () => {
          requests += 1;
          return Promise.reject(new Error('no request expected'));
        },
      },
    );
    expect(models).toEqual(['openai.gpt-oss-120b-1:0', 'openai.gpt-oss-20b-1:0']);
    expect(requests).toBe(0);
  });
});
