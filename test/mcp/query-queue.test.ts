// A server's query slots: a limit on running queries, a first-come-first-served line, and a busy answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryBusyError, QueryCancelledError } from '../../src/data/query-errors';
import { QueryQueue } from '../../src/mcp/sql-server/query-queue';

/** A query whose end the test decides. */
function heldQuery(label: string, started: string[]) {
  let finish: (value: string) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const work = () => {
    started.push(label);
    return new Promise<string>((resolve, reject) => {
      finish = resolve;
      fail = reject;
    });
  };
  return { work, finish: () => finish(label), fail: (error: Error) => fail(error) };
}

/** Lets promise callbacks run. */
const settle = () => new Promise((done) => setImmediate(done));

describe('the query queue', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs up to the limit at once, then starts waiting queries in arrival order', async () => {
    const queue = new QueryQueue({ maxConcurrent: 2, maxQueued: 5 });
    const started: string[] = [];
    const queries = ['a', 'b', 'c', 'd'].map((label) => heldQuery(label, started));
    const results = queries.map((query) =>
      queue.run(query.work).catch((error: unknown) => `failed: ${(error as Error).message}`),
    );
    await settle();
    expect(started).toEqual(['a', 'b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);
    queries[1]?.finish();
    await settle();
    expect(started).toEqual(['a', 'b', 'c']);
    queries[0]?.fail(new Error('bad SQL'));
    await settle();
    expect(started).toEqual(['a', 'b', 'c', 'd']);
    queries[2]?.finish();
    queries[3]?.finish();
    expect(await Promise.all(results)).toEqual(['failed: bad SQL', 'b', 'c', 'd']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('answers busy at once when the line is full, and runs nothing for that query', async () => {
    const queue = new QueryQueue({ maxConcurrent: 1, maxQueued: 1 });
    const started: string[] = [];
    const running = heldQuery('running', started);
    const waiting = heldQuery('waiting', started);
    const refused = heldQuery('refused', started);
    const results = [queue.run(running.work), queue.run(waiting.work)];
    const busy = queue.run(refused.work);
    await expect(busy).rejects.toBeInstanceOf(QueryBusyError);
    await expect(busy).rejects.toThrow(
      'The SQL server is busy: 1 query is running and 1 more waiting, as many as it queues. Try again in a few seconds.',
    );
    running.finish();
    await settle();
    waiting.finish();
    expect(await Promise.all(results)).toEqual(['running', 'waiting']);
    expect(started).toEqual(['running', 'waiting']);
  });

  it('with no line at all, answers busy whenever every slot is taken', async () => {
    const queue = new QueryQueue({ maxConcurrent: 1, maxQueued: 0 });
    const started: string[] = [];
    const running = heldQuery('running', started);
    const result = queue.run(running.work);
    await expect(queue.run(heldQuery('second', started).work)).rejects.toBeInstanceOf(
      QueryBusyError,
    );
    running.finish();
    await result;
    await expect(queue.run(async () => 'after')).resolves.toBe('after');
  });

  it('takes a cancelled query out of the line without running it', async () => {
    const queue = new QueryQueue({ maxConcurrent: 1, maxQueued: 2 });
    const started: string[] = [];
    const running = heldQuery('running', started);
    const cancelled = heldQuery('cancelled', started);
    const next = heldQuery('next', started);
    const controller = new AbortController();
    const results = [queue.run(running.work), queue.run(next.work)];
    const cancelledResult = queue.run(cancelled.work, { signal: controller.signal });
    expect(queue.waiting).toBe(2);
    controller.abort();
    await expect(cancelledResult).rejects.toBeInstanceOf(QueryCancelledError);
    expect(queue.waiting).toBe(1);
    running.finish();
    await settle();
    next.finish();
    expect(await Promise.all(results)).toEqual(['running', 'next']);
    expect(started).toEqual(['running', 'next']);
  });

  it('refuses a query whose signal is already aborted', async () => {
    const queue = new QueryQueue({ maxConcurrent: 1, maxQueued: 1 });
    await expect(
      queue.run(async () => 'ran', { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(QueryCancelledError);
    expect(queue.running).toBe(0);
  });

  it('answers busy when no slot comes free within the longest wait', async () => {
    vi.useFakeTimers();
    const queue = new QueryQueue({ maxConcurrent: 1, maxQueued: 1 });
    const started: string[] = [];
    const running = heldQuery('running', started);
    const result = queue.run(running.work);
    const waited = queue.run(heldQuery('waited', started).work, { maxWaitMs: 4000 });
    const outcome = waited.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(3999);
    expect(queue.waiting).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(QueryBusyError);
    expect((error as Error).message).toBe(
      'The SQL server is busy: no query slot came free within 4000 ms, so this query did not start. Try again in a few seconds.',
    );
    expect(queue.waiting).toBe(0);
    running.finish();
    await result;
    expect(started).toEqual(['running']);
  });

  it('refuses limits that would never run a query', () => {
    expect(() => new QueryQueue({ maxConcurrent: 0, maxQueued: 1 })).toThrow(RangeError);
    expect(() => new QueryQueue({ maxConcurrent: 1, maxQueued: -1 })).toThrow(RangeError);
    expect(() => new QueryQueue({ maxConcurrent: 1.5, maxQueued: 1 })).toThrow(RangeError);
  });
});
