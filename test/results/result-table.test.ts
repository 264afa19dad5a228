// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findTable, resolveTableData, toCsv } from '../../src/results/result-data';
import { ResultTable } from '../../src/results/result-table';
import { ResultStore } from '../../src/tools/result-store';

const rows = Array.from({ length: 120 }, (_unused, index) => ({
  id: index + 1,
  place: index === 0 ? 'Anchorage, "AK"' : `p${index + 1}`,
}));

describe('query results', () => {
  it('shows a table result with the rows it carries; a chart or other MCP result is no table', () => {
    const table = findTable({
      kind: 'table',
      columns: [
        { name: 'id', type: 'number' },
        { name: 'place', type: 'string' },
      ],
      rows,
      totalRows: 120,
    });
    expect(table).toMatchObject({ columns: ['id', 'place'], totalRows: 120 });
    expect(table?.rows).toHaveLength(120);
    expect(findTable({ kind: 'mcp', content: [{ type: 'text', text: 'id,place\n1,x' }] })).toBe(
      undefined,
    );
    // The old envelope is read once, on load (upgradeResultData); the view no longer guesses.
    expect(findTable({ structuredContent: { rows } })).toBeUndefined();
  });

  it('takes the rows of a stored table from the ResultStore, and says so when the page lost them', () => {
    const results = new ResultStore();
    results.put({
      resultId: 'r1',
      serverId: 'embedded',
      columns: [
        { name: 'id', type: 'INTEGER' },
        { name: 'place', type: 'VARCHAR' },
      ],
      rows,
      totalRows: 5000,
      storedRows: 120,
    });
    const columns = [
      { name: 'id', type: 'INTEGER' },
      { name: 'place', type: 'VARCHAR' },
    ];
    const held = resolveTableData(
      { kind: 'table', resultId: 'r1', columns, totalRows: 5000, truncated: true },
      (resultId) => results.get(resultId),
    );
    expect(held).toMatchObject({ resultId: 'r1', totalRows: 5000, storedRows: 120 });
    expect(held?.rows).toHaveLength(120);
    expect(new ResultTable(held!).root.textContent).toContain(
      '5,000 rows: the first 120 kept with the conversation are here',
    );

    const lost = resolveTableData(
      { kind: 'table', resultId: 'gone', columns, totalRows: 5000 },
      (resultId) => results.get(resultId),
    );
    expect(lost?.rows).toEqual([]);
    const caption = new ResultTable(lost!).root.textContent;
    expect(caption).toContain('the page no longer holds its rows: run the query again');
  });

  it('draws only the rows in view of a large result, and the row count', () => {
    const many = Array.from({ length: 100_000 }, (_unused, index) => ({ id: index + 1 }));
    const table = new ResultTable({
      resultId: 'r1',
      columns: ['id'],
      rows: many,
      totalRows: 100_000,
    });
    const drawn = table.root.querySelectorAll('tbody tr:not(.mw-table-spacer)');
    expect(drawn.length).toBeGreaterThan(5);
    expect(drawn.length).toBeLessThan(60);
    expect(table.root.textContent).toContain('100,000 rows');
    const scroller = table.root.querySelector('.mw-table-scroll')!;
    expect(scroller.getAttribute('tabindex')).toBe('0');
    expect(scroller.getAttribute('role')).toBe('region');
    expect(scroller.getAttribute('aria-label')).toContain('100,000 rows');
  });

  it('writes CSV with quoting', () => {
    const csv = toCsv({ columns: ['id', 'place'], rows: rows.slice(0, 2), totalRows: 2 });
    expect(csv).toBe('id,place\r\n1,"Anchorage, ""AK"""\r\n2,p2\r\n');
  });

  it('shows averages rounded for reading while the CSV keeps full precision', () => {
    const data = {
      resultId: 'r2',
      columns: ['origin', 'avg_delay', 'flights'],
      rows: [{ origin: 'HDN', avg_delay: 16.777546777546778, flights: 481 }],
      totalRows: 1,
    };
    const cells = [...new ResultTable(data).root.querySelectorAll('td')];
    expect(cells.map((cell) => cell.textContent)).toEqual(['HDN', '16.7775', '481']);
    expect(cells[2]?.className).toBe('mw-number');
    const headings = [...new ResultTable(data).root.querySelectorAll('th')];
    expect(headings.map((heading) => heading.className)).toEqual(['', 'mw-number', 'mw-number']);
    expect(cells[1]?.className).toBe('mw-number');
    expect(toCsv(data)).toContain('16.777546777546778');
  });
});
