// A server's query slots: a limit on running queries, a first-come-first-served line, a share per session
// that leaves a slot for others, and a busy answer.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryBusyError, QueryCancelledError } from '../../../src/data/query-errors';
import { QueryQueue } from '../../../src/mcp/sql-server/query-queue';

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

  it("leaves a slot free for another session while one session's long queries wait", async () => {
    const queue = new QueryQueue({ maxConcurrent: 2, maxQueued: 5 });
    const started: string[] = [];
    const long = ['long 1', 'long 2', 'long 3'].map((label) => heldQuery(label, started));
    const longResults = long.map((query) => queue.run(query.work, { owner: 'busy session' }));
    await settle();
    expect(started).toEqual(['long 1']);
    const short = heldQuery('SELECT 1', started);
    const shortResult = queue.run(short.work, { owner: 'other session' });
    await settle();
    expect(started).toEqual(['long 1', 'SELECT 1']);
    short.finish();
    expect(await shortResult).toBe('SELECT 1');
    // The slot it used goes back to the busy session's next query once its first one ends.
    long[0]?.finish();
    await settle();
    expect(started).toEqual(['long 1', 'SELECT 1', 'long 2']);
    long[1]?.finish();
    await settle();
    long[2]?.finish();
    expect(await Promise.all(longResults)).toEqual(['long 1', 'long 2', 'long 3']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it("lets a waiting query of another session go ahead of a session's queries held back", async () => {
    const queue = new QueryQueue({ maxConcurrent: 3, maxQueued: 5 });
    const started: string[] = [];
    const queries = ['a 1', 'a 2', 'a 3', 'b 1', 'c 1'].map((label) => heldQuery(label, started));
    const owners = ['a', 'a', 'a', 'b', 'c'];
    const results = queries.map((query, index) =>
      queue.run(query.work, { owner: owners[index] ?? '' }),
    );
    await settle();
    // Session a may run two of three slots; b takes the third; a's third and c wait in order.
    expect(started).toEqual(['a 1', 'a 2', 'b 1']);
    queries[3]?.finish();
    await settle();
    // a already runs its share, so c goes ahead of a's third query.
    expect(started).toEqual(['a 1', 'a 2', 'b 1', 'c 1']);
    queries[0]?.finish();
    await settle();
    expect(started).toEqual(['a 1', 'a 2', 'b 1', 'c 1', 'a 3']);
    for (const query of queries) query.finish();
    expect(await Promise.all(results)).toEqual(['a 1', 'a 2', 'a 3', 'b 1', 'c 1']);
  });

  it('refuses limits that would never run a query', () => {
    expect(() => new QueryQueue({ maxConcurrent: 0, maxQueued: 1 })).toThrow(RangeError);
    expect(() => new QueryQueue({ maxConcurrent: 1, maxQueued: -1 })).toThrow(RangeError);
    expect(() => new QueryQueue({ maxConcurrent: 1.5, maxQueued: 1 })).toThrow(RangeError);
    expect(
      () => new QueryQueue({ maxConcurrent: 2, maxQueued: 1, maxConcurrentPerOwner: 0 }),
    ).toThrow(RangeError);
  });
});
