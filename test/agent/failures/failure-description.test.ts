import { describe, expect, it } from 'vitest';
import { FAILURE_KINDS, failureKindOf, type FailureKind } from '../../../src/agent/failure-kind';
import { toErrorInfo, toModelError } from '../../../src/agent/failures/errors';
import { FAILURE_TEXT, describeFailure } from '../../../src/agent/failures/failure-description';

/** An error shaped like a provider's (ModelErrorFields). */
function providerError(message: string, fields: Record<string, unknown> = {}): Error {
  return Object.assign(new Error(message), fields);
}

const endpoint = 'http://127.0.0.1:11434/v1/chat/completions';

/** One failure of each kind, as providers throw them. */
const examples: Record<FailureKind, unknown> = {
  auth: providerError('Anthropic refused the API key (HTTP 401)', { status: 401 }),
  'not-found': providerError('no such model', {
    status: 404,
    endpoint,
    providerMessage: 'model "qwen9" not found, try pulling it first',
  }),
  'rate-limit': providerError('rate limited', { status: 429, retryable: true }),
  overloaded: providerError('The model server is unavailable or overloaded (HTTP 503)', {
    status: 503,
    retryable: true,
    providerMessage: 'The server is overloaded or not ready yet.',
  }),
  network: Object.assign(new TypeError('Failed to fetch'), { endpoint }),
  offline: providerError('offline', { offline: true, retryable: true, endpoint }),
  'blocked-by-policy': providerError('refused', { blockedByPolicy: true, endpoint }),
  timeout: providerError('Gateway Timeout', { status: 504 }),
  'bad-response': providerError('rejected (HTTP 400)', {
    status: 400,
    providerMessage: 'Invalid value for tool_choice',
  }),
  'context-too-long': providerError('rejected (HTTP 400)', {
    status: 400,
    providerMessage: "This model's maximum context length is 8192 tokens.",
  }),
  interrupted: providerError('stopped streaming', { interrupted: true, retryable: true }),
  unknown: new Error('Something odd'),
};

describe('failure kinds: what happened and what to do', () => {
  it.each(FAILURE_KINDS)('%s is recognised from what a provider throws', (kind) => {
    expect(failureKindOf(examples[kind])).toBe(kind);
  });

  it.each(FAILURE_KINDS)('%s has a short title, one sentence, advice and an action', (kind) => {
    const info = toErrorInfo(toModelError(examples[kind]));
    const description = describeFailure(info);
    expect(description.kind).toBe(kind);
    expect(description.title.length).toBeGreaterThan(5);
    expect(description.title.length).toBeLessThan(50);
    expect(description.sentence).toMatch(/^[A-Z].*\.$/);
    expect(description.advice).toMatch(/^[A-Z].*\.$/);
    expect(['settings', 'retry']).toContain(description.action);
  });

  it('offers Settings for what the person fixes there and Retry for what may pass', () => {
    const actions = Object.fromEntries(
      FAILURE_KINDS.map((kind) => [kind, FAILURE_TEXT[kind].action]),
    );
    expect(actions).toEqual({
      auth: 'settings',
      'not-found': 'settings',
      'rate-limit': 'retry',
      overloaded: 'retry',
      network: 'settings',
      offline: 'retry',
      'blocked-by-policy': 'settings',
      timeout: 'retry',
      'bad-response': 'retry',
      'context-too-long': 'settings',
      interrupted: 'retry',
      unknown: 'retry',
    });
  });

  it('a 503 says its cause once; the server’s own words travel apart', () => {
    const error = toModelError(examples.overloaded, true);
    const info = toErrorInfo(error);
    expect(info.kind).toBe('overloaded');
    expect(info.status).toBe(503);
    expect(info.detail).toBe('The server is overloaded or not ready yet.');
    expect(error.message.match(/503/g)).toHaveLength(1);
    expect(error.message.match(/overloaded/g)).toHaveLength(1);
    expect(error.message).not.toContain('not ready yet');
    expect(error.message).not.toMatch(/\.\./);
  });

  it('names the endpoint it could not reach, and a policy block says how to allow it', () => {
    expect(describeFailure(toErrorInfo(toModelError(examples.network))).sentence).toContain(
      '127.0.0.1:11434',
    );
    const blocked = describeFailure(toErrorInfo(toModelError(examples['blocked-by-policy'])));
    expect(blocked.sentence).toContain('Content-Security-Policy');
    expect(blocked.advice).toContain('security.connectSrc');
  });

  it('offline, a failed call says the network is down, not the server or CORS', () => {
    const offline = describeFailure(toErrorInfo(toModelError(examples.offline)));
    expect(offline.title).toBe('The network is down');
    expect(offline.sentence).toContain('offline');
    expect(`${offline.sentence} ${offline.advice}`).not.toMatch(/CORS|server may be down/);
  });

  it('an error stored before kinds existed reads as its message, under a plain title', () => {
    const description = describeFailure({ name: 'r', message: 'The turn failed.' });
    expect(description).toMatchObject({
      kind: 'unknown',
      title: 'Something went wrong',
      sentence: 'The turn failed.',
    });
  });

  it('keeps the class name through minification (the box was headed "r")', () => {
    expect(toModelError(examples.auth).name).toBe('ConfigurationError');
    expect(toModelError(examples.overloaded).name).toBe('ModelProviderError');
  });
});
