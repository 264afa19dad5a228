// Which queries read only a table's first rows (so a remote CSV's head answers them): plain columns of
// the table alone with a LIMIT, and nothing that could need a row past them.
import { describe, expect, it } from 'vitest';
import { headRowsRead } from '../../../src/data/remote/remote-csv-tables';
import { tokenizeSql } from '../../../src/sql/sql-tokens';

const rowsRead = (sql: string) => headRowsRead(tokenizeSql(sql), 'stations');

describe('the rows a query reads from the head of a table', () => {
  it('are its LIMIT and OFFSET when it reads plain columns of the table alone', () => {
    expect(rowsRead('SELECT * FROM stations LIMIT 10')).toBe(10);
    expect(rowsRead('select id, name as label from "Stations" s limit 20 offset 5;')).toBe(25);
    expect(rowsRead('SELECT id + 1 FROM stations AS s LIMIT 3')).toBe(3);
  });

  it('are unknown for anything that may need other rows', () => {
    for (const sql of [
      'SELECT * FROM stations',
      'SELECT count(*) FROM stations LIMIT 1',
      'SELECT DISTINCT name FROM stations LIMIT 5',
      'SELECT * FROM stations WHERE id > 5 LIMIT 5',
      'SELECT * FROM stations ORDER BY id LIMIT 5',
      'SELECT * FROM stations LIMIT 5 OFFSET (SELECT 1)',
      'SELECT * FROM stations, other LIMIT 5',
      'SELECT * FROM stations JOIN other USING (id) LIMIT 5',
      'SELECT * FROM other LIMIT 5',
      'SELECT * FROM stations LIMIT 10%',
      'SELECT * FROM stations USING SAMPLE 5 LIMIT 5',
      'FROM stations LIMIT 5',
      'DESCRIBE SELECT * FROM stations LIMIT 5',
    ])
      expect(rowsRead(sql), sql).toBeUndefined();
  });
});
