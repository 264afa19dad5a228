// How the page's DuckDB's errors are read: a statement that is no query (it runs unkept), and a read the
// worker refused (its own sentence, without DuckDB's wrapping around it).
import { DataHostRefusedError, dataHostRefusalIn } from '../workers/duckdb-worker-network';

/**
 * DuckDB refused to keep the statement's result because it is no query, or its columns cannot make a
 * table (two of one name): it runs as it is instead.
 */
export function notAQuery(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /Parser Error|Not implemented Error|"exception_type":"(Parser|Not implemented)"|duplicate column/i.test(
    message,
  );
}

/** The worker refused a read (a host not allowed, a redirect): its sentence, without DuckDB's wrapping. */
export function withoutDuckDbWrapping(error: unknown): unknown {
  const refusal = dataHostRefusalIn(error instanceof Error ? error.message : '');
  return refusal === undefined ? error : new DataHostRefusedError(refusal);
}
