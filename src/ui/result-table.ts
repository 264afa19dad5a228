// A query result as a paged table with its row count and a CSV download; rows never go to the model.
import { button, element } from './dom';
import { displayCellText, toCsv, type TableData } from './result-data';

/** Rows per page. */
export const PAGE_SIZE = 50;

/** Renders a result table; pages change in place. */
export class ResultTable {
  /** The element that holds the table. */
  readonly root: HTMLElement;
  private page = 0;
  private readonly caption = element('div', { className: 'mw-table-caption' });
  private readonly body = element('tbody');
  private readonly previous: HTMLButtonElement;
  private readonly next: HTMLButtonElement;

  constructor(private readonly table: TableData) {
    const head = element('thead', {
      children: [
        element('tr', {
          children: table.columns.map((name) =>
            element('th', { text: name, attributes: { scope: 'col' } }),
          ),
        }),
      ],
    });
    this.previous = button('Previous', () => this.show(this.page - 1), {
      ariaLabel: 'Previous page of rows',
    });
    this.next = button('Next', () => this.show(this.page + 1), { ariaLabel: 'Next page of rows' });
    const download = button('Download CSV', () => this.download(), {
      ariaLabel: 'Download these rows as a CSV file',
    });
    this.root = element('div', {
      className: 'mw-result-table',
      children: [
        element('div', {
          className: 'mw-table-scroll',
          children: [element('table', { children: [head, this.body] })],
        }),
        element('div', {
          className: 'mw-table-controls',
          children: [this.caption, this.previous, this.next, download],
        }),
      ],
    });
    if (table.resultId) this.root.dataset.resultId = table.resultId;
    this.show(0);
  }

  private pageCount(): number {
    return Math.max(1, Math.ceil(this.table.rows.length / PAGE_SIZE));
  }

  /** Shows page `page` (clamped). */
  show(page: number): void {
    this.page = Math.min(Math.max(0, page), this.pageCount() - 1);
    const start = this.page * PAGE_SIZE;
    const rows = this.table.rows.slice(start, start + PAGE_SIZE);
    this.body.replaceChildren(
      ...rows.map((row) =>
        element('tr', {
          children: this.table.columns.map((name) =>
            element('td', {
              text: displayCellText(row[name]),
              className: typeof row[name] === 'number' ? 'mw-number' : undefined,
            }),
          ),
        }),
      ),
    );
    const shown = rows.length === 0 ? 'no rows' : `rows ${start + 1}–${start + rows.length}`;
    const stored = this.table.storedRows;
    const held = this.table.rowsUnavailable
      ? ' (the page no longer holds its rows: run the query again to see them)'
      : stored !== undefined
        ? ` (${stored.toLocaleString('en')} kept with the conversation: results are stored up to 5,000 rows or 5 MB; run the query again for the rest)`
        : this.table.totalRows > this.table.rows.length
          ? ` (${this.table.rows.length.toLocaleString('en')} held in the page)`
          : '';
    this.caption.textContent = `${this.table.totalRows.toLocaleString('en')} rows${held}; ${shown}`;
    this.previous.disabled = this.page === 0;
    this.next.disabled = this.page >= this.pageCount() - 1;
  }

  private download(): void {
    const blob = new Blob([toCsv(this.table)], { type: 'text/csv' });
    const url = URL.createObjectURL(blob);
    const link = element('a', {
      attributes: { href: url, download: `${this.table.resultId ?? 'result'}.csv` },
    });
    document.body.append(link);
    link.click();
    link.remove();
    window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
