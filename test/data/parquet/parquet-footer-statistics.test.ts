// A Parquet footer's row groups and value ranges, read by this file's own Thrift reader, agree with
// what native DuckDB reads of the same footer (parquet_metadata); columns whose order is not plain
// (dates, unsigned integers, decimals) get no range.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import {
  footerLength,
  rowGroupStatistics,
} from '../../../src/data/parquet/parquet-footer-statistics';

describe('a Parquet footer’s row group statistics', () => {
  it('match native DuckDB’s reading of them, for the columns they keep', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'mapwright-footer-'));
    const file = join(folder, 'ranges.parquet');
    const connection = await (await DuckDBInstance.create(':memory:')).connect();
    try {
      await connection.run(`COPY (
        SELECT i AS id, (i * 3)::INTEGER AS small, i / 7.0 AS ratio, (i / 7.0)::FLOAT AS single,
          'é-' || lpad(i::VARCHAR, 5, '0') AS label, DATE '2020-01-01' + i::INTEGER AS day,
          i::UINTEGER AS unsigned, (i / 100)::DECIMAL(9, 2) AS money
        FROM range(5000) AS t(i)
      ) TO '${file}' (FORMAT parquet, ROW_GROUP_SIZE 2048)`);
      const bytes = new Uint8Array(await readFile(file));
      const length = footerLength(bytes.subarray(bytes.length - 8));
      const groups = rowGroupStatistics(
        bytes.subarray(bytes.length - 8 - length, bytes.length - 8),
      );
      const native = (
        await connection.runAndReadAll(
          `SELECT row_group_id, row_group_num_rows, path_in_schema, stats_min_value, stats_max_value FROM parquet_metadata('${file}') ORDER BY row_group_id, column_id`,
        )
      ).getRowObjectsJS();
      expect(groups.map((group) => group.numRows)).toEqual([2048, 2048, 904]);
      expect(groups.map((group) => Object.keys(group.ranges).sort())).toEqual(
        groups.map(() => ['id', 'label', 'ratio', 'single', 'small']),
      );
      for (const row of native) {
        const range = groups[Number(row.row_group_id)]!.ranges[String(row.path_in_schema)];
        if (!range) continue;
        const shown = (value: bigint | number | Uint8Array) =>
          value instanceof Uint8Array ? new TextDecoder().decode(value) : Number(value);
        // A FLOAT's bound is shown by DuckDB in its shortest single-precision form.
        const expected = (value: unknown) =>
          range.kind === 'string'
            ? String(value)
            : range.kind === 'float' && range.bits === 32
              ? Math.fround(Number(value))
              : Number(value);
        expect([shown(range.min), shown(range.max)]).toEqual([
          expected(row.stats_min_value),
          expected(row.stats_max_value),
        ]);
      }
    } finally {
      connection.closeSync();
      await rm(folder, { recursive: true, force: true });
    }
  });
});
