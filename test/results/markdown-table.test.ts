// A result table in a Markdown export: any cell a query returns stays inside its cell, long results say
// how many rows were left out.
import { describe, expect, it } from 'vitest';
import { markdownCell, markdownTable } from '../../src/results/markdown-table';

const keep = (row: Record<string, unknown>) => row;

describe('markdownTable', () => {
  it('keeps pipes, line breaks, backslashes and HTML inside their cell', () => {
    expect(markdownCell('a|b')).toBe('a\\|b');
    expect(markdownCell('one\ntwo\r\nthree')).toBe('one<br>two<br>three');
    expect(markdownCell('C:\\data|x')).toBe('C:\\\\data\\|x');
    expect(markdownCell('<img src=x onerror=alert(1)> & co')).toBe(
      '&lt;img src=x onerror=alert(1)&gt; &amp; co',
    );
  });

  it('writes the first rows with raw values, then how many more the result had', () => {
    const rows = Array.from({ length: 60 }, (_, index) => ({
      id: index,
      note: index === 0 ? { nested: 1n } : null,
    }));
    const text = markdownTable({ columns: ['id', 'note'], rows, totalRows: 1200 }, keep, 50);
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['| id | note |', '| --- | --- |', '| 0 | {"nested":"1"} |']);
    expect(lines[3]).toBe('| 1 |  |');
    expect(lines.filter((line) => line.startsWith('|'))).toHaveLength(52);
    expect(lines.at(-1)).toBe('… and 1,150 more rows');
  });

  it('masks each row it writes', () => {
    const text = markdownTable(
      { columns: ['v'], rows: [{ v: 'secret' }, { v: 'plain' }], totalRows: 2 },
      (row) => ({ ...row, v: row.v === 'secret' ? '[REDACTED]' : row.v }),
    );
    expect(text).toBe('| v |\n| --- |\n| [REDACTED] |\n| plain |');
  });
});
