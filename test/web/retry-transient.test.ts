// Loads that fail for a passing reason are asked again with a wait; lasting failures and bugs are not.
import { describe, expect, it } from 'vitest';
import { HttpStatusError, isTransientStatus, retryTransient } from '../../src/web/retry-transient';

/** An attempt that throws each of `failures` in turn, then answers 'ok'; counts its calls. */
function failing(...failures: Error[]) {
  let calls = 0;
  return {
    attempt: async () => {
      const failure = failures[calls];
      calls += 1;
      if (failure) throw failure;
      return 'ok';
    },
    calls: () => calls,
  };
}

const quick = { minTimeoutMs: 1 };

describe('retryTransient', () => {
  it('asks again after a dropped connection and a busy server, telling each retry', async () => {
    const { attempt, calls } = failing(
      new TypeError('Failed to fetch'),
      new HttpStatusError('data/flights.parquet', 503),
    );
    const retries: number[] = [];
    const answer = await retryTransient(attempt, {
      ...quick,
      onRetry: (_error, attempt) => retries.push(attempt),
    });
    expect(answer).toBe('ok');
    expect(calls()).toBe(3);
    expect(retries).toEqual([1, 2]);
  });

  it('gives up after its retries with the last failure', async () => {
    const drop = new TypeError('Failed to fetch');
    const { attempt, calls } = failing(drop, drop, drop);
    await expect(retryTransient(attempt, { ...quick, retries: 2 })).rejects.toBe(drop);
    expect(calls()).toBe(3);
  });

  it('does not ask again for a missing file or a bug', async () => {
    const missing = failing(new HttpStatusError('data/gone.csv', 404));
    await expect(retryTransient(missing.attempt, quick)).rejects.toThrow('answered HTTP 404');
    expect(missing.calls()).toBe(1);
    const bug = failing(new TypeError("Cannot read properties of undefined (reading 'x')"));
    await expect(retryTransient(bug.attempt, quick)).rejects.toThrow('Cannot read');
    expect(bug.calls()).toBe(1);
  });

  it('stops waiting when the load is no longer wanted', async () => {
    const controller = new AbortController();
    const { attempt, calls } = failing(new TypeError('Failed to fetch'));
    const asked = retryTransient(attempt, { minTimeoutMs: 10_000, signal: controller.signal });
    controller.abort();
    await expect(asked).rejects.toBeDefined();
    expect(calls()).toBe(1);
  });

  it('reads 408, 429 and 5xx as passing, 4xx as lasting', () => {
    expect([408, 429, 500, 502, 503, 504].every(isTransientStatus)).toBe(true);
    expect([400, 401, 403, 404, 416].some(isTransientStatus)).toBe(false);
  });
});
