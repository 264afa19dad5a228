// The SQL a server speaks, as its tools, its instructions and the approval card name it.
import { postgresScopeRefusal } from '../../sql/postgres-scope';

/** A dialect: its name, the statements a read-only server runs, and what else it refuses. */
export interface SqlDialect {
  name: string;
  /** The statements a read-only server accepts, for the `query` tool's description. */
  readOnlyStatements: string;
  /** Why SQL may not run on this engine, beyond the shared guard; `undefined` when it may. */
  refusal?(sql: string): string | undefined;
}

/** DuckDB, in the page and in Node. */
export const DUCKDB_DIALECT: SqlDialect = {
  name: 'DuckDB',
  readOnlyStatements: 'SELECT, WITH, DESCRIBE, SHOW, EXPLAIN, SUMMARIZE',
};

/** PostgreSQL, PostGIS and the engines that speak its wire protocol. */
export const POSTGRES_DIALECT: SqlDialect = {
  name: 'PostgreSQL',
  readOnlyStatements: 'SELECT, WITH, VALUES, TABLE (PostGIS functions included)',
  refusal: postgresScopeRefusal,
};
