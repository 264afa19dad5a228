// Generated tables for the scale bench, written as Parquet by native DuckDB from `range()`: a fact table
// of N rows (a key into the dimension table, a category, a value and a timestamp) and a 10,000-row
// dimension table for the join. Nothing is downloaded; the same files feed the page and the Node engine.
import { DuckDBInstance } from '@duckdb/node-api';
import { quoteLiteral } from '../../src/data/sql-identifier';

/** Keys in the dimension table (each fact row points at one). */
export const dimensionKeys = 10_000;

/** The GROUP BY every engine runs: 200 categories. */
export const groupBySql =
  'SELECT category, count(*) AS rows, avg(value) AS mean FROM facts GROUP BY category ORDER BY category';

/** The join every engine runs: each fact to its key's region, then 50 regions. */
export const joinSql =
  'SELECT d.region, count(*) AS rows, sum(f.value) AS total FROM facts f JOIN dims d ON f.key = d.key GROUP BY d.region ORDER BY d.region';

/** A GROUP BY on time: the rows per month of a year. */
export const groupByMonthSql =
  "SELECT date_trunc('month', ts) AS month, count(*) AS rows, avg(value) AS mean FROM facts GROUP BY month ORDER BY month";

/** Writes `rows` fact rows to `path` as Parquet. */
export async function writeFactsParquet(path: string, rows: number): Promise<void> {
  await copyToParquet(
    `SELECT i AS id, (i % ${dimensionKeys})::INTEGER AS key, 'c' || (i % 200) AS category,
       ((i * 7919) % 100003) / 100.0 AS value,
       TIMESTAMP '2020-01-01' + to_seconds(i % 31536000) AS ts
     FROM range(${rows}) t(i)`,
    path,
  );
}

/** Writes the dimension table (key, region) to `path` as Parquet. */
export async function writeDimsParquet(path: string): Promise<void> {
  await copyToParquet(
    `SELECT k::INTEGER AS key, 'r' || (k % 50) AS region FROM range(${dimensionKeys}) t(k)`,
    path,
  );
}

async function copyToParquet(select: string, path: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  try {
    await connection.run(`COPY (${select}) TO ${quoteLiteral(path)} (FORMAT parquet)`);
  } finally {
    connection.closeSync();
    instance.closeSync();
  }
}
