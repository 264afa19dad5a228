// Which row groups a filter can need, from their value ranges: the conditions understood skip row
// groups, anything else keeps them all (the answers themselves are checked against native DuckDB in
// remote-parquet-row-groups.test.ts).
import { describe, expect, it } from 'vitest';
import { parquetRowGroupsNeeded } from '../../../src/data/parquet/parquet-row-groups-needed';
import type { RowGroupStatistics } from '../../../src/data/parquet/parquet-footer-statistics';

const text = (value: string) => new TextEncoder().encode(value);
const groups: RowGroupStatistics[] = [0, 1, 2, 3].map((group) => ({
  numRows: 100,
  ranges: {
    id: { kind: 'integer', min: BigInt(group * 100), max: BigInt(group * 100 + 99) },
    score: { kind: 'float', bits: 64, min: group, max: group + 0.5 },
    name: { kind: 'string', min: text(`n${group}0`), max: text(`n${group}9`) },
  },
}));
const columns = ['id', 'score', 'name', 'other'];
const needed = (sql: string) => parquetRowGroupsNeeded(sql, 'readings', columns, groups);

describe('the row groups a filter can need', () => {
  it('skips those outside a comparison, BETWEEN or IN, joined by AND', () => {
    expect(needed('SELECT * FROM readings WHERE id = 150')).toEqual([1]);
    expect(needed('SELECT * FROM readings WHERE id < 100')).toEqual([0]);
    expect(needed('SELECT * FROM readings WHERE id <= 100')).toEqual([0, 1]);
    expect(needed('SELECT * FROM readings WHERE 300 <= id')).toEqual([3]);
    expect(needed('SELECT * FROM readings AS r WHERE r.id > 299 AND id BETWEEN 0 AND 310')).toEqual(
      [3],
    );
    expect(needed('SELECT * FROM readings WHERE "ID" IN (5, 399) ORDER BY id LIMIT 3')).toEqual([
      0, 3,
    ]);
    expect(needed("FROM readings WHERE name >= 'n2' AND other > 5")).toEqual([2, 3]);
    expect(needed('SELECT * FROM readings WHERE score < 1 AND id = -4;')).toEqual([]);
  });

  it('never skips by a float’s largest value, which leaves NaN out', () => {
    expect(needed('SELECT * FROM readings WHERE score > 10')).toEqual([0, 1, 2, 3]);
    expect(needed('SELECT * FROM readings WHERE score BETWEEN 2.1 AND 2.2')).toEqual([2]);
  });

  it('keeps every row group for a filter or a query it does not understand', () => {
    const every = [0, 1, 2, 3];
    for (const sql of [
      'SELECT * FROM readings',
      'SELECT * FROM readings WHERE id = 150 OR id = 350',
      'SELECT * FROM readings WHERE NOT id = 150',
      'SELECT * FROM readings WHERE id = 1.5e2',
      "SELECT * FROM readings WHERE id = '150'",
      "SELECT * FROM readings WHERE name = E'n10'",
      'SELECT * FROM readings WHERE id + 0 = 150',
      'SELECT * FROM readings WHERE CASE WHEN id = 1 THEN true AND false END',
      'SELECT * FROM readings JOIN other USING (id) WHERE id = 150',
      'SELECT * FROM readings, other WHERE id = 150',
      'SELECT * FROM readings WHERE id IN (SELECT id FROM other WHERE id = 150)',
      'SELECT (SELECT count(*) FROM readings) FROM readings WHERE id = 150',
      'SELECT * FROM other WHERE id = 150',
      'WITH r AS (SELECT * FROM readings) SELECT * FROM r WHERE id = 150',
      'SELECT * FROM readings WHERE id = 150 UNION ALL SELECT * FROM readings',
      'SELECT count(*) FILTER (WHERE id = 150) FROM readings WHERE id = 150',
    ])
      expect(needed(sql), sql).toEqual(every);
  });
});
