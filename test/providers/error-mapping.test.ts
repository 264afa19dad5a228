import { describe, expect, it } from 'vitest';
import { createAnthropicModel } from '../../src/providers/anthropic/anthropic-model';
import { createGeminiModel } from '../../src/providers/gemini/gemini-model';
import { parseRetryAfter } from '../../src/providers/map-http-error';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import { ProviderError } from '../../src/providers/provider-error';
import { collect, replayFetch } from './replay-fetch';
import type { FetchFunction } from '../../src/providers/provider-options';

const ask = { messages: [{ role: 'user' as const, content: 'hi' }] };

async function failure(status: number, body: string, headers: Record<string, string> = {}) {
  const replay = replayFetch(body, { status, headers });
  const model = createOpenAICompatibleModel({
    model: 'm',
    baseUrl: 'http://127.0.0.1:9/v1',
    apiKey: 'sk-x',
    fetch: replay.fetch,
  });
  const result = await collect(model, ask);
  expect(result.error).toBeInstanceOf(ProviderError);
  return result.error as ProviderError;
}

describe('HTTP failures become ProviderErrors the agent can act on', () => {
  it('401 says to check the API key and is not retried', async () => {
    const error = await failure(
      401,
      '{"error":{"message":"Incorrect API key provided: sk-x***","type":"invalid_request_error","code":"invalid_api_key"}}',
    );
    expect(error.status).toBe(401);
    expect(error.retryable).toBe(false);
    expect(error.message).toMatch(/Check the API key/);
    expect(error.providerMessage).toBe('Incorrect API key provided: sk-x***');
  });

  it('403 from Anthropic also points at the key and carries its message', async () => {
    const replay = replayFetch(
      '{"type":"error","error":{"type":"permission_error","message":"Your API key does not have permission"}}',
      { status: 403 },
    );
    const model = createAnthropicModel({ model: 'c', apiKey: 'k', fetch: replay.fetch });
    const error = (await collect(model, ask)).error as ProviderError;
    expect(error.message).toMatch(/Check the API key/);
    expect(error.providerMessage).toBe('Your API key does not have permission');
    expect(error.provider).toBe('anthropic');
  });

  it('429 is retryable and honours Retry-After in seconds', async () => {
    const error = await failure(429, '{"error":{"message":"Rate limit reached"}}', {
      'retry-after': '7',
    });
    expect(error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 7000 });
  });

  it('503 with an HTTP-date Retry-After, and Gemini error bodies in an array', async () => {
    const date = new Date(Date.now() + 30_000).toUTCString();
    const replay = replayFetch(
      '[{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}]',
      {
        status: 503,
        headers: { 'retry-after': date },
      },
    );
    const model = createGeminiModel({ model: 'g', apiKey: 'k', fetch: replay.fetch });
    const error = (await collect(model, ask)).error as ProviderError;
    expect(error.retryable).toBe(true);
    expect(error.providerMessage).toBe('The model is overloaded.');
    expect(error.retryAfterMs).toBeGreaterThan(25_000);
    expect(error.retryAfterMs).toBeLessThanOrEqual(30_000);
  });

  it('retries 500, 502, 504 and 529 (overloaded), not 400', async () => {
    for (const status of [500, 502, 504, 529])
      expect((await failure(status, '{}')).retryable).toBe(true);
    const bad = await failure(400, '{"error":{"message":"Invalid schema for function"}}');
    expect(bad.retryable).toBe(false);
    expect(bad.message).toContain('Invalid schema for function');
  });

  it('a non-JSON error body is still shown, shortened', async () => {
    const error = await failure(502, '<html>Bad Gateway</html>');
    expect(error.providerMessage).toBe('<html>Bad Gateway</html>');
  });

  it('a fetch that throws (network or CORS) names the endpoint and is retryable', async () => {
    const fetch: FetchFunction = () => Promise.reject(new TypeError('Failed to fetch'));
    const model = createOpenAICompatibleModel({
      model: 'm',
      baseUrl: 'http://127.0.0.1:1234/v1',
      apiKey: 'sk-x',
      fetch,
    });
    const error = (await collect(model, ask)).error as ProviderError;
    expect(error.message).toContain(
      'Cannot reach http://127.0.0.1:1234/v1/chat/completions from this browser',
    );
    expect(error.message).toMatch(/CORS/);
    expect(error.message).not.toContain('sk-x');
    expect(error.retryable).toBe(true);
  });

  it('an abort before the response ends quietly', async () => {
    const fetch: FetchFunction = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        ),
      );
    const model = createOpenAICompatibleModel({
      model: 'm',
      baseUrl: 'http://127.0.0.1:9/v1',
      fetch,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 10);
    const result = await collect(model, ask, controller.signal);
    expect(result.error).toBeUndefined();
    expect(result.events).toEqual([]);
  });

  it('parses Retry-After values', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter('0.5')).toBe(500);
    expect(
      parseRetryAfter('Wed, 21 Oct 2015 07:28:00 GMT', Date.parse('Wed, 21 Oct 2015 07:27:00 GMT')),
    ).toBe(60_000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});
