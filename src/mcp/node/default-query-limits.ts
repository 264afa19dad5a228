// How many queries the Node SQL server runs at once unless told: sized to the machine and to Node's
// worker threads, on which native DuckDB runs every query.
import { availableParallelism } from 'node:os';
import type { QueryQueueLimits } from '../sql-server/query-queue';

/** Node's worker threads: libuv's pool has 4 unless UV_THREADPOOL_SIZE (read at start-up) says otherwise. */
export function workerThreadCount(environment: NodeJS.ProcessEnv = process.env): number {
  const configured = Number(environment.UV_THREADPOOL_SIZE);
  return Number.isInteger(configured) && configured > 0 ? configured : 4;
}

/** Queries waiting for a slot by default, beyond which a call is answered busy. */
export const DEFAULT_MAX_QUEUED_QUERIES = 64;

/**
 * One query per core (DuckDB already spreads one query over every core, so more at once only share
 * them), but always one worker thread fewer than Node has, so opening connections and Node's own file
 * work never wait behind running queries.
 */
export function defaultQueryLimits(
  cores = availableParallelism(),
  workerThreads = workerThreadCount(),
): QueryQueueLimits {
  return {
    maxConcurrent: Math.max(1, Math.min(cores, workerThreads - 1)),
    maxQueued: DEFAULT_MAX_QUEUED_QUERIES,
  };
}
