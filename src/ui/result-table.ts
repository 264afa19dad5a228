// A query result as a table that scrolls through every row it holds: only the rows in view are in the
// DOM (a fixed row height and two spacers stand for the rest), the header stays put, the edges fade
// while there is more to scroll sideways, and cells read as formatted numbers and dates. The CSV keeps
// the raw values. "Show on map" and "Chart" act on the result without asking the model.
import { errorMessage } from '../errors/error-message';
import './result-table.css';
import { formatCell, isNumericCell } from './cell-format';
import { ChartFigure } from './chart-figure';
import { button, element } from './dom';
import { downloadBlob } from './download-blob';
import { fileSlug } from './file-slug';
import { guessChart, guessGeometry, type ResultActions } from './result-actions';
import { toCsv, toTsv, type TableData } from './result-data';
import { sameWindow, tableWindow, type TableWindow } from './table-window';
import type { ChartSpec } from '../tools/chart/chart-spec';

/** Height of one row, in pixels (result-table.css reads it as --mw-table-row-height). */
export const ROW_HEIGHT = 28;
/** Height the scroller shows before it is on the page and can measure itself. */
export const DEFAULT_VIEWPORT_HEIGHT = 320;
/** Rows read to size the columns (a column as wide as its longest value there, within limits). */
const SIZING_ROWS = 200;
const MIN_COLUMN_CHARACTERS = 4;
const MAX_COLUMN_CHARACTERS = 36;

/**
 * Renders a result table; scrolling draws the rows that come into view. `chart` is one the person drew
 * from it before (kept with the conversation), shown under it again.
 */
export class ResultTable {
  /** The element that holds the table. */
  readonly root: HTMLElement;
  /** The scrolling region (keyboard-reachable). */
  readonly scroller: HTMLElement;
  private readonly caption = element('div', { className: 'mw-table-caption' });
  private readonly body = element('tbody');
  private readonly status = element('span', {
    className: 'mw-table-status',
    attributes: { role: 'status' },
  });
  private readonly chartSlot = element('div', { className: 'mw-table-chart' });
  private readonly widths: number[];
  private shown: TableWindow = { start: 0, end: 0, spaceBefore: 0, spaceAfter: 0 };
  private readonly frame: HTMLElement;
  private pending: number | undefined;

  constructor(
    private readonly table: TableData,
    private readonly actions?: ResultActions,
    chart?: ChartSpec,
  ) {
    this.widths = this.columnWidths();
    const head = element('thead', {
      children: [
        element('tr', {
          children: table.columns.map((name) =>
            element('th', {
              text: name,
              // A column of numbers has its heading over its digits.
              className: this.isNumericColumn(name) ? 'mw-number' : undefined,
              attributes: { scope: 'col', title: name },
            }),
          ),
        }),
      ],
    });
    const columns = element('colgroup', {
      children: this.widths.map((width) => {
        const column = element('col');
        column.style.width = `${width}ch`;
        return column;
      }),
    });
    const grid = element('table', { children: [columns, head, this.body] });
    grid.style.width = `${this.widths.reduce((sum, width) => sum + width, 0)}ch`;
    this.scroller = element('div', {
      className: 'mw-table-scroll',
      attributes: {
        tabindex: '0',
        role: 'region',
        'aria-label': `Result table, ${table.rows.length.toLocaleString()} rows`,
      },
      children: [grid],
    });
    this.scroller.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.scroller.addEventListener('copy', (event) => this.copyRawRows(event));
    this.frame = element('div', { className: 'mw-table-frame', children: [this.scroller] });
    this.root = element('div', {
      className: 'mw-result-table',
      children: [
        this.frame,
        element('div', {
          className: 'mw-table-controls',
          children: [this.caption, ...this.actionButtons(), this.downloadButton(), this.status],
        }),
        this.chartSlot,
      ],
    });
    this.root.style.setProperty('--mw-table-row-height', `${ROW_HEIGHT}px`);
    if (table.resultId) this.root.dataset.resultId = table.resultId;
    if (chart) this.showChart(chart);
    this.caption.textContent = this.captionText();
    this.render();
    // Once on the page the scroller can measure itself: draw the rows that fit, and the edge fades.
    if (typeof ResizeObserver !== 'undefined')
      new ResizeObserver(() => this.schedule()).observe(this.scroller);
  }

  /** The rows in the DOM, as indexes into the result. */
  get drawnRows(): TableWindow {
    return this.shown;
  }

  private isNumericColumn(name: string): boolean {
    const value = this.table.rows.find((row) => row[name] !== null && row[name] !== undefined)?.[
      name
    ];
    return isNumericCell(value);
  }

  private columnWidths(): number[] {
    const sample = this.table.rows.slice(0, SIZING_ROWS);
    return this.table.columns.map((name) => {
      const longest = Math.max(
        name.length,
        ...sample.map((row) => formatCell(row[name], name).length),
      );
      // Room for the padding and a bold heading.
      return Math.min(MAX_COLUMN_CHARACTERS, Math.max(MIN_COLUMN_CHARACTERS, longest)) + 3;
    });
  }

  private captionText(): string {
    const total = this.table.totalRows.toLocaleString();
    const stored = this.table.storedRows;
    const held = this.table.rowsUnavailable
      ? ' (the page no longer holds its rows: run the query again to see them)'
      : stored !== undefined
        ? ` (${stored.toLocaleString()} kept with the conversation: results are stored up to 5,000 rows or 5 MB; run the query again for the rest)`
        : this.table.totalRows > this.table.rows.length
          ? ` (${this.table.rows.length.toLocaleString()} held in the page)`
          : '';
    return `${total} ${this.table.totalRows === 1 ? 'row' : 'rows'}${held}`;
  }

  private schedule(): void {
    if (this.pending !== undefined) return;
    this.pending = requestAnimationFrame(() => {
      this.pending = undefined;
      this.render();
    });
  }

  /** Draws the rows under the viewport (if they changed) and updates the sideways-scroll fades. */
  render(): void {
    const scroller = this.scroller;
    const measured = scroller.clientHeight;
    const next = tableWindow({
      scrollTop: scroller.scrollTop,
      height: measured > 0 ? measured : DEFAULT_VIEWPORT_HEIGHT,
      rowHeight: ROW_HEIGHT,
      rowCount: this.table.rows.length,
    });
    const overflowing = scroller.scrollWidth - scroller.clientWidth > 1;
    this.frame.dataset.scrollStart = String(overflowing && scroller.scrollLeft > 0);
    this.frame.dataset.scrollEnd = String(
      overflowing && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1,
    );
    if (sameWindow(next, this.shown) && this.body.childElementCount > 0) return;
    this.shown = next;
    const rows: HTMLTableRowElement[] = [];
    if (next.spaceBefore > 0) rows.push(this.spacer(next.spaceBefore));
    for (let index = next.start; index < next.end; index += 1) rows.push(this.row(index));
    if (next.spaceAfter > 0) rows.push(this.spacer(next.spaceAfter));
    this.body.replaceChildren(...rows);
  }

  /** Copying rows puts their raw values on the clipboard, not the formatted text on screen. */
  private copyRawRows(event: ClipboardEvent): void {
    const selection = document.getSelection();
    if (!selection || selection.isCollapsed || selection.rangeCount === 0 || !event.clipboardData)
      return;
    const range = selection.getRangeAt(0);
    const indexes = [...this.body.querySelectorAll<HTMLTableRowElement>('tr[data-row]')]
      .filter((row) => range.intersectsNode(row))
      .map((row) => Number(row.dataset.row));
    const rows = indexes.flatMap((index) => {
      const row = this.table.rows[index];
      return row ? [row] : [];
    });
    if (rows.length === 0) return;
    event.clipboardData.setData('text/plain', toTsv(this.table.columns, rows));
    event.preventDefault();
  }

  private row(index: number): HTMLTableRowElement {
    const row = this.table.rows[index] ?? {};
    const line = element('tr');
    line.dataset.row = String(index);
    this.table.columns.forEach((name, column) => {
      const text = formatCell(row[name], name);
      const cell = element('td', {
        text,
        className: isNumericCell(row[name]) ? 'mw-number' : undefined,
      });
      if (text.length > (this.widths[column] ?? 0) - 3) cell.title = text;
      line.append(cell);
    });
    return line;
  }

  private spacer(height: number): HTMLTableRowElement {
    const cell = element('td', { attributes: { colspan: String(this.table.columns.length) } });
    const row = element('tr', {
      className: 'mw-table-spacer',
      attributes: { 'aria-hidden': 'true' },
      children: [cell],
    });
    // Set through the CSSOM, which the page's style-src policy allows (a style attribute it would not).
    row.style.height = `${height}px`;
    return row;
  }

  private actionButtons(): HTMLButtonElement[] {
    const actions = this.actions;
    if (!actions || !this.table.resultId || this.table.rows.length === 0) return [];
    const buttons: HTMLButtonElement[] = [];
    const geometry = guessGeometry(this.table);
    if (geometry) {
      const map = button(
        'Show on map',
        () => {
          this.run(map, actions.showOnMap(this.table, geometry), (message) => message);
        },
        { className: 'mw-button', ariaLabel: 'Show on map: draw these rows on the map' },
      );
      buttons.push(map);
    }
    const guess = guessChart(this.table);
    if (guess) {
      const chart = button(
        'Chart',
        () => {
          this.run(chart, actions.chart(this.table, guess), (outcome) => {
            if (typeof outcome === 'string') return outcome;
            this.showChart(outcome);
            return 'Chart drawn below the table.';
          });
        },
        { className: 'mw-button', ariaLabel: 'Chart these rows under the table' },
      );
      buttons.push(chart);
    }
    return buttons;
  }

  private showChart(chart: ChartSpec): void {
    const figure = new ChartFigure(chart, fileSlug(this.table.question, 'chart'));
    this.chartSlot.replaceChildren(figure.root);
  }

  private run<T>(trigger: HTMLButtonElement, work: Promise<T>, done: (outcome: T) => string): void {
    trigger.disabled = true;
    this.status.textContent = '';
    work
      .then(
        (outcome) => {
          this.status.textContent = done(outcome);
        },
        (error: unknown) => {
          this.status.textContent = errorMessage(error);
        },
      )
      .finally(() => {
        trigger.disabled = false;
      });
  }

  private downloadButton(): HTMLButtonElement {
    return button(
      'Download CSV',
      () =>
        downloadBlob(
          `${fileSlug(this.table.question ?? this.table.resultId)}.csv`,
          new Blob([toCsv(this.table)], { type: 'text/csv' }),
        ),
      { className: 'mw-button', ariaLabel: 'Download CSV of these rows' },
    );
  }
}
