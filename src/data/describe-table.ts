// describe(table) for any DuckDB back end, written once against a plain "run this SQL" function.
import { quoteIdentifier, quoteLiteral } from './sql-identifier';
import type { ColumnInfo, Row, TableDescription } from './data-engine';

/** Runs SQL and returns plain rows. */
export type RunSql = (sql: string) => Promise<Row[]>;

const sampleCount = 5;
const maxSampledColumns = 30;

/**
 * SQL that lists the tables and views a person may query: those of the main database's main schema
 * (an upload's rows live in an attached database, behind a view of its name here).
 */
export const listTablesSql =
  "SELECT table_name FROM information_schema.tables WHERE table_schema = 'main' AND table_catalog = current_database() ORDER BY table_name";

/** Columns, types, row count and a few distinct values of each text column. */
export async function describeTable(table: string, run: RunSql): Promise<TableDescription> {
  const known = await run(
    `${listTablesSql.replace(' ORDER BY table_name', '')} AND table_name = ${quoteLiteral(table)}`,
  );
  if (known.length === 0) {
    const names = (await run(listTablesSql)).map((row) => String(row.table_name));
    throw new Error(
      `No table named "${table}". Tables: ${names.join(', ') || '(none)'}. Call list_tables to see them.`,
    );
  }
  const name = quoteIdentifier(table);
  const described = await run(`DESCRIBE ${name}`);
  const columns: ColumnInfo[] = described.map((row) => ({
    name: String(row.column_name),
    type: String(row.column_type),
  }));
  const [countRow] = await run(`SELECT count(*) AS row_count FROM ${name}`);
  const textColumns = columns
    .filter((column) => column.type === 'VARCHAR')
    .slice(0, maxSampledColumns);
  for (const column of textColumns) {
    const values = await run(
      `SELECT DISTINCT ${quoteIdentifier(column.name)} AS value FROM ${name} ` +
        `WHERE ${quoteIdentifier(column.name)} IS NOT NULL LIMIT ${sampleCount}`,
    );
    column.sampleValues = values.map((row) => String(row.value));
  }
  return { table, columns, rowCount: Number(countRow?.row_count ?? 0) };
}
