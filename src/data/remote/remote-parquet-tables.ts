// Parquet files on a data host, queried without downloading them whole. Loading one reads only its
// footer (by HTTP range): its row count and its columns' types make a view of the table's name whose
// columns are all NULL. Before each query, the columns the SQL can read (parquet-columns-needed.ts) of
// the row groups its filter can need (parquet-row-groups-needed.ts, from the footer's value ranges) are
// fetched, once each and only their chunks, into tables (one a row group) in a schema of their own, and
// the view is rebuilt over them: each row group's columns side by side, by position, NULL where not
// fetched, the row groups one after the other. `count(*)` reads no column at all.
import { parquetColumnsNeeded } from '../parquet/parquet-columns-needed';
import { parquetRowGroupsNeeded } from '../parquet/parquet-row-groups-needed';
import { quoteIdentifier } from '../sql-identifier';
import { tablesReadBySql } from './tables-read-by-sql';
import type { RemoteParquetAnswer, WasmConnection } from '../duckdb-wasm-types';
import type { RowGroupStatistics } from '../parquet/parquet-footer-statistics';

/**
 * Reads a remote Parquet file: the footer alone without `columns`, or those columns (of `rowGroups`
 * alone when given).
 */
export type ReadRemoteParquet = (
  url: string,
  columns?: string[],
  rowGroups?: number[],
) => Promise<RemoteParquetAnswer>;

/** Row groups fetched at the same time. */
const fetchedTogether = 4;

/** One row group of a remote table: its value ranges, and the part that holds each fetched column. */
interface RowGroup {
  numRows: number;
  ranges: RowGroupStatistics['ranges'];
  fetched: Map<string, string>;
}

/** The schema that holds the columns fetched so far, out of list_tables' sight. */
export const REMOTE_COLUMNS_SCHEMA = 'mapwright_remote';

interface RemoteTable {
  table: string;
  url: string;
  numRows: number;
  columns: Array<{ name: string; type: string }>;
  /** Its row groups; one without ranges, read whole, when the footer's could not be read. */
  groups: RowGroup[];
  /** Whether `groups` are the file's own (read by index) or the one stand-in for them all. */
  grouped: boolean;
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
    const { numRows, ipc, rowGroups } = await this.read(url);
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
      const grouped =
        rowGroups !== undefined &&
        rowGroups.reduce((total, group) => total + group.numRows, 0) === numRows;
      const groups = (grouped ? rowGroups : [{ numRows, ranges: {} }]).map((group) => ({
        numRows: group.numRows,
        ranges: group.ranges,
        fetched: new Map<string, string>(),
      }));
      const entry: RemoteTable = {
        table,
        url,
        numRows,
        columns,
        groups,
        grouped,
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
    for (const entry of tablesReadBySql(sql, this.tables)?.named ?? []) {
      const names = entry.columns.map((column) => column.name);
      const groups = entry.grouped
        ? parquetRowGroupsNeeded(sql, entry.table, names, entry.groups)
        : [0];
      await this.fetch(entry, parquetColumnsNeeded(sql, names), groups);
    }
  }

  /** Fetches every column of `table` (to read its points). */
  async fetchAll(table: string): Promise<void> {
    const entry = this.tables.get(table.toLowerCase());
    if (entry)
      await this.fetch(
        entry,
        entry.columns.map((column) => column.name),
        entry.groups.map((_group, index) => index),
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
      for (const part of new Set(entry.groups.flatMap((group) => [...group.fetched.values()])))
        await connection.query(`DROP TABLE IF EXISTS ${part}`);
    } finally {
      await connection.close();
    }
  }

  private fetch(entry: RemoteTable, wanted: string[], groups: number[]): Promise<void> {
    const fetching = entry.pending.then(async () => {
      const missing = groups
        .map((index) => ({
          index,
          columns: wanted.filter((column) => !entry.groups[index]!.fetched.has(column)),
        }))
        .filter((group) => group.columns.length > 0);
      if (missing.length === 0) return;
      const connection = await this.connect();
      try {
        for (let start = 0; start < missing.length; start += fetchedTogether) {
          const batch = missing.slice(start, start + fetchedTogether);
          const answers = await Promise.all(
            batch.map(({ index, columns }) =>
              this.read(entry.url, columns, entry.grouped ? [index] : undefined),
            ),
          );
          for (const [position, { index, columns }] of batch.entries()) {
            const part = partTable(entry.table, String(++entry.parts));
            await connection.insertArrowFromIPCStream(answers[position]!.ipc, {
              name: part,
              schema: REMOTE_COLUMNS_SCHEMA,
              create: true,
            });
            for (const column of columns)
              entry.groups[index]!.fetched.set(column, partName(entry.table, String(entry.parts)));
          }
        }
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

/**
 * The view: each row group's fetched columns from their parts side by side, the others NULL of their
 * type, the row groups one after the other in the file's order.
 */
function viewSql(entry: RemoteTable): string {
  const fetchedAny = entry.groups.some((group) => group.fetched.size > 0);
  const groups = fetchedAny ? entry.groups : [{ numRows: entry.numRows, fetched: new Map() }];
  const selects = groups.map((group) => {
    const parts = [...new Set(group.fetched.values())];
    const alias = (part: string) => `p${parts.indexOf(part)}`;
    const select = entry.columns.map(({ name, type }) => {
      const part = group.fetched.get(name);
      const column = quoteIdentifier(name);
      return part === undefined ? `NULL::${type} AS ${column}` : `${alias(part)}.${column}`;
    });
    const from =
      parts.length === 0
        ? `range(${group.numRows})`
        : parts.map((part) => `${part} AS ${alias(part)}`).join(' POSITIONAL JOIN ');
    return `SELECT ${select.join(', ')} FROM ${from}`;
  });
  return `CREATE OR REPLACE VIEW ${quoteIdentifier(entry.table)} AS ${selects.join(' UNION ALL ')}`;
}
