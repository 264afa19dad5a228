// The settings' model list comes from the provider, in each provider's own shape, with its own header.
import { describe, expect, it } from 'vitest';
import { listProviderModels } from '../../src/providers/list-provider-models';
import type { FetchFunction } from '../../src/providers/provider-options';

interface Seen {
  url: string;
  headers: Record<string, string>;
  redirect: RequestRedirect | undefined;
}

function serving(routes: Record<string, { status?: number; body: unknown }>) {
  const seen: Seen[] = [];
  const fetch: FetchFunction = async (url, init) => {
    seen.push({
      url,
      headers: init.headers as Record<string, string>,
      redirect: init.redirect,
    });
    const route = routes[url];
    if (!route) return new Response('{"error":{"message":"no route"}}', { status: 404 });
    return new Response(JSON.stringify(route.body), {
      status: route.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  };
  return { fetch, seen };
}

describe('listing a provider’s models', () => {
  it('OpenAI-compatible: GET {endpoint}/models with the bearer key, never following a redirect', async () => {
    const { fetch, seen } = serving({
      'https://api.openai.com/v1/models': {
        body: { object: 'list', data: [{ id: 'gpt-4o-mini' }, { id: 'gpt-4.1' }] },
      },
    });
    const models = await listProviderModels(
      { provider: 'openai', endpoint: 'https://api.openai.com/v1/', model: '', apiKey: 'sk-a' },
      { fetch },
    );
    expect(models).toEqual(['gpt-4.1', 'gpt-4o-mini']);
    expect(seen[0]).toEqual({
      url: 'https://api.openai.com/v1/models',
      headers: { authorization: 'Bearer sk-a' },
      redirect: 'error',
    });
  });

  it('Ollama: falls back to /api/tags when the OpenAI-compatible list is missing', async () => {
    const { fetch } = serving({
      'http://127.0.0.1:11434/api/tags': {
        body: { models: [{ name: 'qwen2.5:7b', model: 'qwen2.5:7b', size: 4683087332 }] },
      },
    });
    const models = await listProviderModels(
      { provider: 'local', endpoint: 'http://127.0.0.1:11434/v1', model: '', apiKey: '' },
      { fetch },
    );
    expect(models).toEqual(['qwen2.5:7b']);
  });

  it('Anthropic: GET /v1/models with x-api-key and the version header', async () => {
    const { fetch, seen } = serving({
      'https://api.anthropic.com/v1/models?limit=1000': {
        body: {
          data: [{ type: 'model', id: 'claude-sonnet-4-5', display_name: 'Claude Sonnet 4.5' }],
          has_more: false,
        },
      },
    });
    const models = await listProviderModels(
      { provider: 'anthropic', endpoint: 'https://api.anthropic.com', model: '', apiKey: 'k' },
      { fetch },
    );
    expect(models).toEqual(['claude-sonnet-4-5']);
    expect(seen[0]?.headers).toMatchObject({ 'x-api-key': 'k', 'anthropic-version': '2023-06-01' });
  });

  it('Gemini: the models that generate content, without the "models/" prefix, key in a header', async () => {
    const { fetch, seen } = serving({
      'https://generativelanguage.googleapis.com/v1beta/models?pageSize=1000': {
        body: {
          models: [
            {
              name: 'models/gemini-2.5-flash',
              supportedGenerationMethods: ['generateContent', 'countTokens'],
            },
            { name: 'models/text-embedding-004', supportedGenerationMethods: ['embedContent'] },
          ],
        },
      },
    });
    const models = await listProviderModels(
      {
        provider: 'gemini',
        endpoint: 'https://generativelanguage.googleapis.com/v1beta',
        model: '',
        apiKey: 'g',
      },
      { fetch },
    );
    expect(models).toEqual(['gemini-2.5-flash']);
    expect(seen[0]?.url).not.toContain('g&');
    expect(seen[0]?.headers).toEqual({ 'x-goog-api-key': 'g' });
  });

  it('a refused key fails with the provider’s kind of error, so the note can say why', async () => {
    const { fetch } = serving({
      'https://openrouter.ai/api/v1/models': {
        status: 401,
        body: { error: { message: 'No auth credentials found' } },
      },
    });
    await expect(
      listProviderModels(
        { provider: 'openrouter', endpoint: 'https://openrouter.ai/api/v1', model: '', apiKey: '' },
        { fetch },
      ),
    ).rejects.toMatchObject({ status: 401 });
  });
});
