import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from '../../../src/agent/model/retry-policy';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, instantRetry, ofType } from '../fakes';

/** An error shaped like a provider's (ModelErrorFields). */
function httpError(status: number, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(`HTTP ${status}`), { status, ...fields });
}

describe('retries of model failures', () => {
  for (const status of [429, 500, 502, 503, 504]) {
    it(`retries HTTP ${status} and answers`, async () => {
      const retry = instantRetry();
      const model = createScriptedModel([{ error: httpError(status) }, { text: 'ok' }]);
      const { events, result } = await finish(createAgent(model, [], { retry }).send('go'));
      expect(result).toMatchObject({ outcome: 'completed', text: 'ok' });
      expect(ofType(events, 'retry')).toHaveLength(1);
      expect(retry.sleeps).toHaveLength(1);
      model.assertAllUsed();
    });
  }

  it('retries a network failure (TypeError from fetch)', async () => {
    const model = createScriptedModel([{ error: new TypeError('fetch failed') }, { text: 'ok' }]);
    const { result } = await finish(createAgent(model).send('go'));
    expect(result.outcome).toBe('completed');
  });

  it('retries errors whose message says overloaded or rate limit', async () => {
    const model = createScriptedModel([
      { error: new Error('Overloaded') },
      { error: new Error('You hit the rate limit') },
      { text: 'ok' },
    ]);
    const { result } = await finish(createAgent(model).send('go'));
    expect(result.outcome).toBe('completed');
    model.assertAllUsed();
  });

  it('gives up after two retries with a clear message and a consistent history', async () => {
    const model = createScriptedModel([
      { error: httpError(503) },
      { error: httpError(503) },
      { error: httpError(503) },
    ]);
    const agent = createAgent(model);
    const { result } = await finish(agent.send('go'));
    expect(result.outcome).toBe('failed');
    expect(result.error?.name).toBe('ModelProviderError');
    expect(result.error?.message).toContain('HTTP 503');
    expect(agent.status).toBe('failed');
    expect(agent.history).toEqual([{ role: 'user', content: 'go' }]);
    expect(agent.pendingTurn?.phase).toBe('model');
    model.assertAllUsed();
  });

  it('does not retry other errors, and names a bad key as configuration', async () => {
    const model = createScriptedModel([{ error: httpError(401) }]);
    const { result } = await finish(createAgent(model).send('go'));
    expect(result.error?.name).toBe('ConfigurationError');
    expect(result.error?.message).toContain('API key');
    model.assertAllUsed();
  });

  it('does not retry a TypeError that is a bug rather than a network failure', async () => {
    const model = createScriptedModel([
      { error: new TypeError("Cannot read properties of undefined (reading 'x')") },
    ]);
    const { result } = await finish(createAgent(model).send('go'));
    expect(result.outcome).toBe('failed');
    model.assertAllUsed();
  });

  it('never retries once a text delta reached the UI, and keeps the partial text', async () => {
    const model = createScriptedModel([{ text: 'Half an ans', error: httpError(503) }]);
    const agent = createAgent(model);
    const { events, result } = await finish(agent.send('go'));
    expect(result.outcome).toBe('failed');
    expect(ofType(events, 'retry')).toHaveLength(0);
    expect(agent.history.at(-1)).toEqual({
      role: 'assistant',
      content: 'Half an ans',
      interrupted: true,
    });
    model.assertAllUsed();
  });

  it('honours Retry-After given in milliseconds by the provider', async () => {
    const retry = instantRetry();
    const model = createScriptedModel([
      { error: httpError(429, { retryAfterMs: 3_000 }) },
      { text: 'ok' },
    ]);
    await finish(createAgent(model, [], { retry }).send('go'));
    expect(retry.sleeps).toEqual([3_000]);
  });

  it('honours a Retry-After header in seconds and as an HTTP date', async () => {
    const now = Date.parse('2025-01-01T00:00:00Z');
    const retry = instantRetry();
    const headers = (value: string) => new Headers({ 'retry-after': value });
    const model = createScriptedModel([
      { error: httpError(429, { headers: headers('7') }) },
      { error: httpError(503, { headers: headers('Wed, 01 Jan 2025 00:00:12 GMT') }) },
      { text: 'ok' },
    ]);
    await finish(createAgent(model, [], { retry, now: () => now }).send('go'));
    expect(retry.sleeps).toEqual([7_000, 12_000]);
    expect(parseRetryAfter('1.5', now)).toBe(1_500);
    expect(parseRetryAfter('not a date', now)).toBeUndefined();
  });

  it('backs off exponentially with jitter when no Retry-After is given', async () => {
    const retry = instantRetry({ baseDelayMs: 1_000, random: () => 0.5 });
    const model = createScriptedModel([
      { error: httpError(500) },
      { error: httpError(500) },
      { text: 'ok' },
    ]);
    await finish(createAgent(model, [], { retry }).send('go'));
    expect(retry.sleeps).toEqual([750, 1_500]);
  });

  it('does not retry after a stop during the backoff', async () => {
    const model = createScriptedModel([{ error: httpError(503) }]);
    const agent = createAgent(model, [], { retry: { baseDelayMs: 10_000 } });
    const handle = agent.send('go');
    setTimeout(() => agent.abort(), 20);
    const { result } = await finish(handle);
    expect(result.outcome).toBe('aborted');
    model.assertAllUsed();
  });

  it('does not retry when Retry-After is past the deadline', async () => {
    const model = createScriptedModel([{ error: httpError(429, { retryAfterMs: 600_000 }) }]);
    const { result } = await finish(createAgent(model).send('go'));
    expect(result.outcome).toBe('failed');
    expect(result.error?.retryable).toBe(true);
    model.assertAllUsed();
  });
});
