import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import { startFakeLlm, type FakeLlm } from '../servers/fake-llm/fake-llm-server';
import { askWithTools, collect } from './replay-fetch';
import type { ProviderError } from '../../src/providers/provider-error';

let fakeLlm: FakeLlm | undefined;
afterEach(async () => {
  await fakeLlm?.stop();
  fakeLlm = undefined;
});

const ask = (content: string) => ({
  messages: [{ role: 'user' as const, content }],
  tools: askWithTools.tools ?? [],
});

describe('the fake LLM server', () => {
  it('streams a scripted answer chosen by the last user message, with reasoning and usage', async () => {
    fakeLlm = await startFakeLlm({
      script: {
        rules: [
          {
            user: { regex: '^hello', flags: 'i' },
            reply: { text: 'Hi there, explorer.', reasoning: 'Greet back.' },
          },
          { user: 'quake', reply: { text: 'Wrong rule.' } },
        ],
      },
    });
    const model = createOpenAICompatibleModel({
      model: 'fake-model',
      baseUrl: fakeLlm.url,
      apiKey: 'sk-local',
    });
    const result = await collect(model, ask('Hello, any quake today?'));
    expect(result.text).toBe('Hi there, explorer.');
    expect(result.reasoning).toBe('Greet back.');
    expect(result.finish?.reason).toBe('stop');
    expect(result.finish?.usage?.inputTokens).toBe(100);
    expect(fakeLlm.requests[0]?.headers.authorization).toBe('Bearer sk-local');
  });

  it('streams tool calls, then answers from the tool result', async () => {
    fakeLlm = await startFakeLlm({
      script: {
        rules: [
          {
            user: 'largest',
            reply: {
              toolCalls: [{ name: 'query_sql', arguments: { sql: 'SELECT max(mag) FROM q' } }],
            },
          },
          { user: 'largest', toolResult: '6.1', reply: { text: 'The largest was 6.1.' } },
        ],
      },
    });
    const model = createOpenAICompatibleModel({ model: 'fake-model', baseUrl: fakeLlm.url });
    const first = await collect(model, ask('What was the largest?'));
    expect(first.calls[0]).toMatchObject({
      name: 'query_sql',
      arguments: { sql: 'SELECT max(mag) FROM q' },
    });
    const call = first.calls[0]!;
    const second = await collect(model, {
      tools: askWithTools.tools ?? [],
      messages: [
        { role: 'user', content: 'What was the largest?' },
        { role: 'assistant', content: '', toolCalls: [call] },
        { role: 'tool', toolCallId: call.id, name: call.name, content: 'max = 6.1' },
      ],
    });
    expect(second.text).toBe('The largest was 6.1.');
  });

  it('answers a 429 with Retry-After, then succeeds', async () => {
    fakeLlm = await startFakeLlm({
      script: {
        rules: [
          {
            user: 'hi',
            failures: [{ kind: 'rate-limit', retryAfterSeconds: 2 }],
            reply: { text: 'ok' },
          },
        ],
      },
    });
    const model = createOpenAICompatibleModel({ model: 'fake-model', baseUrl: fakeLlm.url });
    const failed = await collect(model, ask('hi'));
    expect(failed.error).toMatchObject({ status: 429, retryable: true, retryAfterMs: 2000 });
    expect((failed.error as ProviderError).providerMessage).toMatch(/Rate limit/);
    expect((await collect(model, ask('hi'))).text).toBe('ok');
  });

  it('injects 503, a cut-off stream and a hang', async () => {
    fakeLlm = await startFakeLlm({
      script: {
        rules: [
          {
            user: 'x',
            failures: [
              { kind: 'unavailable' },
              { kind: 'cut-off', afterTokens: 3 },
              { kind: 'hang' },
            ],
            reply: { text: 'one two three four five six' },
          },
        ],
      },
    });
    const model = createOpenAICompatibleModel({ model: 'fake-model', baseUrl: fakeLlm.url });
    expect((await collect(model, ask('x'))).error).toMatchObject({ status: 503, retryable: true });
    const cut = await collect(model, ask('x'));
    expect(cut.text).toBe('one two ');
    expect((cut.error as ProviderError).interrupted).toBe(true);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const hung = await collect(model, ask('x'), controller.signal);
    expect(hung.events).toEqual([]);
    expect(hung.error).toBeUndefined();
  });

  it('serves CORS like a hosted provider, and lists its model', async () => {
    fakeLlm = await startFakeLlm({ script: { rules: [], model: 'scripted-7b' } });
    const preflight = await fetch(`${fakeLlm.url}/chat/completions`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
    const models = (await (await fetch(`${fakeLlm.url}/models`)).json()) as {
      data: { id: string }[];
    };
    expect(models.data[0]?.id).toBe('scripted-7b');
  });

  it('answers with the fallback when no rule matches, and reads a script file', async () => {
    fakeLlm = await startFakeLlm({
      script: new URL('../servers/fake-llm/default-script.json', import.meta.url).pathname,
    });
    const model = createOpenAICompatibleModel({ model: 'fake-model', baseUrl: fakeLlm.url });
    expect((await collect(model, ask('something else'))).text).toMatch(/Hello from the fake LLM/);
  });
});
