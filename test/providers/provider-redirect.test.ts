// A provider that answers with a redirect never gets the key carried to the other host: every adapter
// and the settings' Test connection refuse to follow it.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAnthropicModel } from '../../src/providers/anthropic/anthropic-model';
import { createGeminiModel } from '../../src/providers/gemini/gemini-model';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import { testModelConnection } from '../../src/settings/test-model-connection';
import { startLoopbackServer, type LoopbackServer } from '../servers/loopback';
import type { ChatModel } from '../../src/agent/types';
import type { IncomingHttpHeaders } from 'node:http';

const key = 'sk-redirect-test-key-0123456789abcdef';

let elsewhere: LoopbackServer;
let redirecting: LoopbackServer;
const arrived: IncomingHttpHeaders[] = [];

beforeAll(async () => {
  elsewhere = await startLoopbackServer((request, response) => {
    arrived.push(request.headers);
    response.writeHead(200, { 'content-type': 'text/plain' }).end('caught');
  });
  redirecting = await startLoopbackServer((request, response) => {
    request.resume();
    response.writeHead(302, { location: `${elsewhere.url}/stolen${request.url ?? ''}` }).end();
  });
});

afterAll(async () => {
  await Promise.all([elsewhere?.stop(), redirecting?.stop()]);
});

beforeEach(() => {
  arrived.length = 0;
});

async function drain(model: ChatModel): Promise<unknown> {
  try {
    for await (const _event of model.stream(
      { messages: [{ role: 'user', content: 'hi' }] },
      new AbortController().signal,
    )) {
      // The redirect must fail the call before any event.
    }
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('a provider endpoint that redirects', () => {
  const adapters: Array<[string, () => ChatModel]> = [
    [
      'OpenAI-compatible (Authorization header)',
      () => createOpenAICompatibleModel({ model: 'm', apiKey: key, baseUrl: redirecting.url }),
    ],
    [
      'Anthropic (x-api-key header)',
      () => createAnthropicModel({ model: 'm', apiKey: key, baseUrl: redirecting.url }),
    ],
    [
      'Gemini (x-goog-api-key header)',
      () => createGeminiModel({ model: 'm', apiKey: key, endpoint: redirecting.url }),
    ],
  ];

  it.each(adapters)(
    '%s: the call fails and the other host receives nothing',
    async (_name, make) => {
      const error = await drain(make());
      expect(error).toBeInstanceOf(Error);
      expect(arrived).toEqual([]);
    },
  );

  it('Test connection reports a failure and the other host receives nothing', async () => {
    const report = await testModelConnection({
      provider: 'anthropic',
      endpoint: redirecting.url,
      model: 'm',
      apiKey: key,
    });
    expect(report.ok).toBe(false);
    expect(arrived).toEqual([]);
  });
});
