import { afterEach, describe, expect, it, vi } from 'vitest';
import { toErrorInfo, toModelError } from '../../src/agent/failures/errors';
import { describeFailure } from '../../src/agent/failures/failure-description';
import { errorFromFetchFailure } from '../../src/providers/map-http-error';
import { OfflineError, policyAwareFetch } from '../../src/providers/policy-aware-fetch';

const endpoint = 'http://192.168.1.20:11434/v1/chat/completions';

/** Runs the page's fetch against a network that fails, with the browser saying it is `onLine` or not. */
async function failedFetch(onLine: boolean): Promise<unknown> {
  vi.stubGlobal('navigator', { onLine });
  vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
  return policyAwareFetch()(endpoint, { method: 'POST' }).catch((error: unknown) => error);
}

describe('a model call that fails while the browser is offline', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('rejects with OfflineError only when the browser says it has no network', async () => {
    expect(await failedFetch(false)).toBeInstanceOf(OfflineError);
    const online = await failedFetch(true);
    expect(online).toBeInstanceOf(TypeError);
    expect(online).not.toBeInstanceOf(OfflineError);
  });

  it('is told as "The network is down", not as a server down or CORS', async () => {
    const error = errorFromFetchFailure('openai-compatible', endpoint, await failedFetch(false));
    const description = describeFailure(toErrorInfo(toModelError(error)));
    expect(description.kind).toBe('offline');
    expect(description.title).toBe('The network is down');
    expect(`${description.sentence} ${description.advice}`).not.toMatch(/CORS/);
    // Online, the same failure still points at the server.
    const down = errorFromFetchFailure('openai-compatible', endpoint, await failedFetch(true));
    expect(describeFailure(toErrorInfo(toModelError(down))).kind).toBe('network');
  });
});
