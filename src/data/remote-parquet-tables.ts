// Parquet files on a data host, queried without downloading them whole. Loading one reads only its
// footer (by HTTP range): its row count and its columns' types make a view of the table's name whose
// columns are all NULL. Before each query, the columns the SQL can read (parquet-columns-needed.ts) are
// fetched, once each and only their chunks, into a table in a schema of their own, and the view is
// rebuilt over them (side by side, by position). `count(*)` reads no column at all.
import { tokenizeSql } from '../sql/sql-tokens';
import { parquetColumnsNeeded } from './parquet-columns-needed';
import { quoteIdentifier } from './sql-identifier';
import type { RemoteParquetAnswer, WasmConnection } from './duckdb-wasm-types';

/** Reads a remote Parquet file: the footer alone without `columns`, or those columns. */
export type ReadRemoteParquet = (url: string, columns?: string[]) => Promise<RemoteParquetAnswer>;

/** The schema that holds the columns fetched so far, out of list_tables' sight. */
export const REMOTE_COLUMNS_SCHEMA = 'mapwright_remote';

interface RemoteTable {
  table: string;
  url: string;
  numRows: number;
  columns: Array<{ name: string; type: string }>;
  /** The part (a table in REMOTE_COLUMNS_SCHEMA) that holds each fetched column. */
  fetched: Map<string, string>;
  parts: number;
  /** The last fetch of columns: the next waits for it, so no column is fetched twice. */
  pending: Promise<void>;
}

/** The remote Parquet tables of one DuckDB-WASM database. */
export class RemoteParquetTables {
  private readonly tables = new Map<string, RemoteTable>();

  constructor(
    private readonly read: ReadRemoteParquet,
    private readonly connect: () => Promise<WasmConnection>,
  ) {}

  /** Reads the file's footer and makes `table` a view of it (its columns fetched on demand). */
  async register(table: string, url: string): Promise<void> {
    await this.drop(table);
    const { numRows, ipc } = await this.read(url);
    const connection = await this.connect();
    try {
      await connection.query(
        `CREATE SCHEMA IF NOT EXISTS ${quoteIdentifier(REMOTE_COLUMNS_SCHEMA)}`,
      );
      const types = partName(table, 'types');
      await connection.query(`DROP TABLE IF EXISTS ${types}`);
      await connection.insertArrowFromIPCStream(ipc, {
        name: partTable(table, 'types'),
        schema: REMOTE_COLUMNS_SCHEMA,
        create: true,
      });
      const described = await connection.query(`DESCRIBE ${types}`);
      const columns = described
        .toArray()
        .map((row: { column_name: string; column_type: string }) => ({
          name: String(row.column_name),
          type: String(row.column_type),
        }));
      await connection.query(`DROP TABLE IF EXISTS ${types}`);
      const entry: RemoteTable = {
        table,
        url,
        numRows,
        columns,
        fetched: new Map(),
        parts: 0,
        pending: Promise.resolve(),
      };
      await connection.query(viewSql(entry));
      this.tables.set(table.toLowerCase(), entry);
    } finally {
      await connection.close();
    }
  }

  /** True when `table` is a remote Parquet table here. */
  has(table: string): boolean {
    return this.tables.has(table.toLowerCase());
  }

  /** Fetches the columns `sql` may read of each remote table it names, before it runs. */
  async prepare(sql: string): Promise<void> {
    if (this.tables.size === 0) return;
    let tokens;
    try {
      tokens = tokenizeSql(sql);
    } catch {
      return;
    }
    const named = new Set<RemoteTable>();
    for (const token of tokens) {
      if (token.kind !== 'word' && token.kind !== 'quoted-identifier') continue;
      const entry = this.tables.get(token.value.toLowerCase());
      if (entry) named.add(entry);
    }
    for (const entry of named) {
      const names = entry.columns.map((column) => column.name);
      await this.fetch(entry, parquetColumnsNeeded(sql, names));
    }
  }

  /** Fetches every column of `table` (to read its points). */
  async fetchAll(table: string): Promise<void> {
    const entry = this.tables.get(table.toLowerCase());
    if (entry)
      await this.fetch(
        entry,
        entry.columns.map((column) => column.name),
      );
  }

  /** Forgets `table` and drops its view and fetched columns. */
  async drop(table: string): Promise<void> {
    const entry = this.tables.get(table.toLowerCase());
    if (!entry) return;
    this.tables.delete(table.toLowerCase());
    await entry.pending.catch(() => undefined);
    const connection = await this.connect();
    try {
      await connection.query(`DROP VIEW IF EXISTS ${quoteIdentifier(entry.table)}`);
      for (const part of new Set(entry.fetched.values()))
        await connection.query(`DROP TABLE IF EXISTS ${part}`);
    } finally {
      await connection.close();
    }
  }

  private fetch(entry: RemoteTable, wanted: string[]): Promise<void> {
    const fetching = entry.pending.then(async () => {
      const missing = wanted.filter((column) => !entry.fetched.has(column));
      if (missing.length === 0) return;
      const { ipc } = await this.read(entry.url, missing);
      const part = partTable(entry.table, String(++entry.parts));
      const connection = await this.connect();
      try {
        await connection.insertArrowFromIPCStream(ipc, {
          name: part,
          schema: REMOTE_COLUMNS_SCHEMA,
          create: true,
        });
        for (const column of missing)
          entry.fetched.set(column, partName(entry.table, String(entry.parts)));
        await connection.query(viewSql(entry));
      } finally {
        await connection.close();
      }
    });
    // A failed fetch fails its query; the next one tries again.
    entry.pending = fetching.catch(() => undefined);
    return fetching;
  }
}

function partTable(table: string, part: string): string {
  return `${table}__${part}`;
}

function partName(table: string, part: string): string {
  return `${quoteIdentifier(REMOTE_COLUMNS_SCHEMA)}.${quoteIdentifier(partTable(table, part))}`;
}

/** The view: fetched columns from their parts side by side, the others NULL of their type. */
function viewSql(entry: RemoteTable): string {
  const parts = [...new Set(entry.fetched.values())];
  const alias = (part: string) => `p${parts.indexOf(part)}`;
  const select = entry.columns.map(({ name, type }) => {
    const part = entry.fetched.get(name);
    const column = quoteIdentifier(name);
    return part === undefined ? `NULL::${type} AS ${column}` : `${alias(part)}.${column}`;
  });
  const from =
    parts.length === 0
      ? `range(${entry.numRows})`
      : parts.map((part) => `${part} AS ${alias(part)}`).join(' POSITIONAL JOIN ');
  return `CREATE OR REPLACE VIEW ${quoteIdentifier(entry.table)} AS SELECT ${select.join(', ')} FROM ${from}`;
}
