// A result column named like a credential (`password`, `api_key`, `token`) has its values masked
// wherever the result is shown or leaves the page (the table's cells, a copy, the CSV download), as the
// Markdown and JSON exports and the report already mask values under such names; other columns, and
// names that only look close (`max_tokens`, `sort_key`, `author`), keep their values.
import { describe, expect, it } from 'vitest';
import { formatCell } from '../../src/results/cell-format';
import { csvLines, toCsv, toTsv, type TableData } from '../../src/results/result-data';

const table: TableData = {
  columns: ['name', 'password', 'api_key', 'token', 'max_tokens', 'sort_key', 'author'],
  rows: [
    {
      name: 'ada',
      password: 'hunter2',
      api_key: 'sk-live-0123456789',
      token: 4242,
      max_tokens: 512,
      sort_key: 'b',
      author: 'Ada Lovelace',
    },
    {
      name: 'bob',
      password: null,
      api_key: '',
      token: null,
      max_tokens: 1,
      sort_key: 'a',
      author: 'Bob',
    },
  ],
  totalRows: 2,
};

describe('credential columns in a result', () => {
  it('are masked in the CSV file, its lines and a copy, and empty cells stay empty', () => {
    expect(toCsv(table)).toBe(
      'name,password,api_key,token,max_tokens,sort_key,author\r\n' +
        'ada,[REDACTED],[REDACTED],[REDACTED],512,b,Ada Lovelace\r\n' +
        'bob,,,,1,a,Bob\r\n',
    );
    expect(csvLines(table.columns, table.rows)).not.toMatch(/hunter2|sk-live|4242/);
    expect(toTsv(table.columns, table.rows)).toBe(
      'ada\t[REDACTED]\t[REDACTED]\t[REDACTED]\t512\tb\tAda Lovelace\nbob\t\t\t\t1\ta\tBob',
    );
  });

  it("are masked in the table's cells, whatever the value's type", () => {
    const row = table.rows[0]!;
    expect(table.columns.map((column) => formatCell(row[column], column, 'en'))).toEqual([
      'ada',
      '[REDACTED]',
      '[REDACTED]',
      '[REDACTED]',
      '512',
      'b',
      'Ada Lovelace',
    ]);
  });
});
