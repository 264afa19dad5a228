// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { findTable, toCsv } from '../../src/ui/result-data';
import { PAGE_SIZE, ResultTable } from '../../src/ui/result-table';

const rows = Array.from({ length: 120 }, (_unused, index) => ({
  id: index + 1,
  place: index === 0 ? 'Anchorage, "AK"' : `p${index + 1}`,
}));

describe('query results', () => {
  it('finds the rows of an MCP query result in its structured content', () => {
    const table = findTable({
      serverId: 'embedded',
      content: [],
      structuredContent: {
        result_id: 'r1',
        columns: [
          { name: 'id', type: 'INTEGER' },
          { name: 'place', type: 'VARCHAR' },
        ],
        rows,
        total_rows: 5000,
        truncated: true,
      },
    });
    expect(table).toMatchObject({ resultId: 'r1', columns: ['id', 'place'], totalRows: 5000 });
    expect(table?.rows).toHaveLength(120);
  });

  it('pages a large result and shows the row count', () => {
    const table = new ResultTable({
      resultId: 'r1',
      columns: ['id', 'place'],
      rows,
      totalRows: 120,
    });
    expect(table.root.querySelectorAll('tbody tr')).toHaveLength(PAGE_SIZE);
    expect(table.root.textContent).toContain('120 rows; rows 1–50');
    const next = [...table.root.querySelectorAll('button')].find(
      (node) => node.textContent === 'Next',
    )!;
    next.click();
    next.click();
    expect(table.root.querySelector('tbody tr td')?.textContent).toBe('101');
    expect(table.root.textContent).toContain('rows 101–120');
    expect(next.disabled).toBe(true);
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
    expect(cells[1]?.className).toBe('mw-number');
    expect(toCsv(data)).toContain('16.777546777546778');
  });
});
