// The columns a query may read of a remote Parquet table: those it names, none for count(*), and all of
// them whenever a star, a column's place or COLUMNS() could reach one it does not name.
import { describe, expect, it } from 'vitest';
import { parquetColumnsNeeded } from '../../../src/data/parquet/parquet-columns-needed';

const columns = ['id', 'Value', 'station', 'reading'];

describe('the columns a query needs', () => {
  it('are none for a count of rows', () => {
    expect(parquetColumnsNeeded('SELECT count(*) FROM readings', columns)).toEqual([]);
  });

  it('are those it names, in any case or quoted, in the table’s order', () => {
    expect(
      parquetColumnsNeeded('SELECT "station", avg(value) FROM readings GROUP BY 1', columns),
    ).toEqual(['Value', 'station']);
  });

  it('leave out names only inside strings and comments', () => {
    expect(
      parquetColumnsNeeded("SELECT id FROM readings WHERE 'reading' <> '' -- station", columns),
    ).toEqual(['id']);
  });

  it('are all of them for a star, a product, a place or COLUMNS()', () => {
    for (const sql of [
      'SELECT * FROM readings',
      'SELECT r.* FROM readings r',
      'SELECT id*-1 FROM readings',
      'SELECT #2 FROM readings',
      "SELECT max(COLUMNS('re.*')) FROM readings",
    ])
      expect(parquetColumnsNeeded(sql, columns), sql).toEqual(columns);
  });
});
