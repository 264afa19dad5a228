// Named local failures of a query, so callers can tell a stop from a timeout from bad SQL, and the guard
// that both engines run their queries under.
import type { ColumnInfo, QueryResult, Row } from './data-engine';

/** The query was stopped by its caller (the turn was aborted or the MCP request cancelled). */
export class QueryCancelledError extends Error {
  override readonly name = 'QueryCancelledError';
  constructor() {
    super('The query was cancelled before it finished.');
  }
}

/** The query ran past its time limit and was interrupted. */
export class QueryTimeoutError extends Error {
  override readonly name = 'QueryTimeoutError';
  constructor(readonly timeoutMs: number) {
    super(
      `The query took longer than ${timeoutMs} ms and was stopped. Add filters, aggregate, or use LIMIT.`,
    );
  }
}

/**
 * The server turned the query away without running it: its queue was full, or no slot came free in time.
 * Nothing is wrong with the query; the same call may succeed a few seconds later.
 */
export class QueryBusyError extends Error {
  override readonly name = 'QueryBusyError';
  constructor(
    readonly reason: 'queue full' | 'waited too long',
    detail: string,
  ) {
    super(`The SQL server is busy: ${detail}. Try again in a few seconds.`);
  }
}

/** A guard for one running query: fires `onStop` once on abort or timeout, and says why. */
export interface QueryGuard {
  /** Rejects when the query is stopped; race it against the work. */
  readonly stopped: Promise<never>;
  /** Throws the stop reason if the query was stopped. */
  throwIfStopped(): void;
  dispose(): void;
}

/** Watches an optional signal and an optional timeout, and calls `onStop` when either fires. */
export function guardQuery(
  options: { signal?: AbortSignal; timeoutMs?: number },
  onStop: () => void,
): QueryGuard {
  let reason: Error | undefined;
  let rejectStopped: (error: Error) => void = () => {};
  const stopped = new Promise<never>((_resolve, reject) => {
    rejectStopped = reject;
  });
  stopped.catch(() => {});
  const stop = (error: Error) => {
    if (reason) return;
    reason = error;
    onStop();
    rejectStopped(error);
  };
  const onAbort = () => stop(new QueryCancelledError());
  const timer =
    options.timeoutMs && options.timeoutMs > 0
      ? setTimeout(() => stop(new QueryTimeoutError(options.timeoutMs ?? 0)), options.timeoutMs)
      : undefined;
  if (options.signal?.aborted) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
  return {
    stopped,
    throwIfStopped: () => {
      if (reason) throw reason;
    },
    dispose: () => {
      if (timer) clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    },
  };
}

/** What a back end's query loop produces before the shared bookkeeping. */
export interface QueryRows {
  columns: ColumnInfo[];
  rows: Row[];
  totalRows: number;
}

/**
 * Runs a back end's query loop against its guard: a stop wins the race at once, and the loop's late
 * failure after a stop is expected and not reported.
 */
export async function finishGuardedQuery(
  work: Promise<QueryRows>,
  guard: QueryGuard,
  startedAt: number,
): Promise<QueryResult> {
  work.catch(() => {});
  const { columns, rows, totalRows } = await Promise.race([work, guard.stopped]);
  return {
    columns,
    rows,
    totalRows,
    truncated: totalRows > rows.length,
    elapsedMs: Math.round(performance.now() - startedAt),
  };
}

/** A query or describe reached a table whose dataset failed to load: says which, and why. */
export class TableLoadFailedError extends Error {
  override readonly name = 'TableLoadFailedError';
  constructor(
    readonly table: string,
    readonly reason: string,
  ) {
    super(
      `The dataset "${table}" failed to load, so its table is not available: ${reason.trim()} ` +
        'Query the other tables (list_tables shows them); reloading the page retries the load.',
    );
  }
}
