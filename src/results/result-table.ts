// A query result as a table that scrolls through every row: only the rows in view are in the DOM (a
// fixed row height and two spacers stand for the rest), read a page at a time from the engine while it
// keeps the result (table-rows.ts), else from the rows the page holds. A heading sorts by its column and
// the filter box keeps the rows that contain its text, both in the engine. The header stays put, the
// edges fade while there is more to scroll sideways, and cells read as formatted numbers and dates. The
// CSV keeps the raw values of every row, written a chunk at a time. "Show on map" and "Chart" act on the
// result without asking the model.
import { errorMessage } from '../errors/error-message';
import './result-table.css';
import { button, element } from '../ui/dom';
import { downloadBlob } from '../ui/download-blob';
import { fileSlug } from '../ui/file-slug';
import { formatCell, isNumericCell } from './cell-format';
import { ChartFigure } from './chart-figure';
import { openCsvSink, writeCsv } from './csv-file';
import { guessChart, guessGeometry, type ResultActions } from './result-actions';
import { resultCaption } from './result-caption';
import { toTsv, type TableData } from './result-data';
import { TableRows } from './table-rows';
import { sameWindow, tableWindow, type TableWindow } from './table-window';
import type { ChartSpec } from '../tools/chart/chart-spec';
import type { Mounted } from '../ui/mounted';
import type { TableRow, TableView } from './result-row-source';

/** Height of one row, in pixels (result-table.css reads it as --mw-table-row-height). */
export const ROW_HEIGHT = 28;
/** Height the scroller shows before it is on the page and can measure itself. */
export const DEFAULT_VIEWPORT_HEIGHT = 320;
/** Rows read to size the columns (a column as wide as its longest value there, within limits). */
const SIZING_ROWS = 200;
const MIN_COLUMN_CHARACTERS = 4;
const MAX_COLUMN_CHARACTERS = 36;
/** Quiet time after typing in the filter box before the engine is asked. */
const FILTER_DELAY_MS = 250;

/**
 * Renders a result table; scrolling draws the rows that come into view. `chart` is one the person drew
 * from it before (kept with the conversation), shown under it again.
 */
export class ResultTable implements Mounted {
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
  /** The chart shown under the table, destroyed with it or when another replaces it. */
  private chart: ChartFigure | undefined;
  private readonly widths: number[];
  private shown: TableWindow = { start: 0, end: 0, spaceBefore: 0, spaceAfter: 0 };
  private readonly frame: HTMLElement;
  private pending: number | undefined;
  /** Redraws the rows that fit when the scroller's size changes. */
  private resize: ResizeObserver | undefined;
  private readonly rows: TableRows;
  private readonly headings: HTMLTableCellElement[];
  private readonly filterBox: HTMLInputElement;
  private filterTimer: number | undefined;
  private engineLost = false;
  private readonly runAgain: HTMLButtonElement | undefined;

  constructor(
    private readonly table: TableData,
    private readonly actions?: ResultActions,
    chart?: ChartSpec,
  ) {
    this.rows = new TableRows({
      columns: table.columns,
      held: table.rows,
      totalRows: table.totalRows,
      ...(table.source ? { source: table.source } : {}),
      onSourceLost: () => {
        this.engineLost = true;
        this.update();
      },
    });
    this.widths = this.columnWidths();
    this.headings = table.columns.map((name) => this.heading(name));
    const head = element('thead', { children: [element('tr', { children: this.headings })] });
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
        'aria-label': `Result table, ${this.rows.count.toLocaleString('en-US')} rows`,
      },
      children: [grid],
    });
    this.scroller.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.scroller.addEventListener('copy', (event) => this.copyRawRows(event));
    this.frame = element('div', { className: 'mw-table-frame', children: [this.scroller] });
    this.filterBox = element('input', {
      className: 'mw-table-filter',
      attributes: {
        type: 'search',
        placeholder: 'Filter rows',
        'aria-label': 'Filter rows: keep those that contain this text',
      },
    });
    this.filterBox.addEventListener('input', () => this.filterSoon());
    this.runAgain = this.runAgainButton();
    this.root = element('div', {
      className: 'mw-result-table',
      children: [
        this.frame,
        element('div', {
          className: 'mw-table-controls',
          children: [
            this.caption,
            this.filterBox,
            ...this.actionButtons(),
            this.runAgain,
            this.downloadButton(),
            this.status,
          ],
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
    if (typeof ResizeObserver !== 'undefined') {
      this.resize = new ResizeObserver(() => this.schedule());
      this.resize.observe(this.scroller);
    }
  }

  /**
   * Stops measuring, drawing and filtering, and its chart's watch: the table left the page (its turn
   * was redrawn or the chat destroyed).
   */
  destroy(): void {
    this.resize?.disconnect();
    if (this.pending !== undefined) cancelAnimationFrame(this.pending);
    this.pending = undefined;
    window.clearTimeout(this.filterTimer);
    this.filterTimer = undefined;
    this.chart?.destroy();
    this.chart = undefined;
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
    const view = this.rows.current;
    return resultCaption({
      totalRows: this.table.totalRows,
      heldRows: this.table.rows.length,
      viewRows: this.rows.count,
      ...(view.filter ? { filter: view.filter } : {}),
      fromEngine: this.rows.fromEngine,
      ...(this.table.storedRows !== undefined ? { storedRows: this.table.storedRows } : {}),
      ...(this.table.rowsUnavailable ? { rowsUnavailable: true } : {}),
      engineLost: this.engineLost,
    });
  }

  /** A column's heading: a button that sorts by it, ascending, then descending, then as queried. */
  private heading(name: string): HTMLTableCellElement {
    const sort = element('button', {
      className: 'mw-table-sort',
      text: name,
      attributes: { type: 'button', title: `Sort by ${name}` },
    });
    sort.addEventListener('click', () => {
      const current = this.rows.current.sort;
      const next =
        current?.column !== name
          ? { column: name, descending: false }
          : current.descending
            ? undefined
            : { column: name, descending: true };
      this.arrange({ ...this.rows.current, sort: next });
    });
    return element('th', {
      // A column of numbers has its heading over its digits.
      className: this.isNumericColumn(name) ? 'mw-number' : undefined,
      attributes: { scope: 'col', 'aria-sort': 'none' },
      children: [sort],
    });
  }

  private filterSoon(): void {
    window.clearTimeout(this.filterTimer);
    this.filterTimer = window.setTimeout(() => {
      const filter = this.filterBox.value.trim();
      const { sort } = this.rows.current;
      this.arrange({ ...(sort ? { sort } : {}), ...(filter ? { filter } : {}) });
    }, FILTER_DELAY_MS);
  }

  /** Shows the rows in a new order or filter, from the top. */
  private arrange(view: TableView): void {
    const { sort } = view;
    const next: TableView = {
      ...(sort ? { sort } : {}),
      ...(view.filter ? { filter: view.filter } : {}),
    };
    this.table.columns.forEach((name, index) => {
      const order = sort?.column === name ? (sort.descending ? 'descending' : 'ascending') : 'none';
      this.headings[index]?.setAttribute('aria-sort', order);
    });
    this.status.textContent = this.rows.fromEngine ? 'Reading from the engine…' : '';
    const arranging = this.rows.setView(next);
    this.scroller.scrollTop = 0;
    this.update();
    arranging.then(
      () => {
        if (this.status.textContent === 'Reading from the engine…') this.status.textContent = '';
        this.update();
      },
      (error: unknown) => {
        this.status.textContent = errorMessage(error);
      },
    );
  }

  /** Redraws the rows and the caption after the rows changed. */
  private update(): void {
    this.caption.textContent = this.captionText();
    if (this.runAgain) this.runAgain.hidden = !this.missesRows();
    this.scroller.setAttribute(
      'aria-label',
      `Result table, ${this.rows.count.toLocaleString('en-US')} rows`,
    );
    this.shown = { start: 0, end: 0, spaceBefore: 0, spaceAfter: 0 };
    this.render();
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
      rowCount: this.rows.count,
    });
    const overflowing = scroller.scrollWidth - scroller.clientWidth > 1;
    this.frame.dataset.scrollStart = String(overflowing && scroller.scrollLeft > 0);
    this.frame.dataset.scrollEnd = String(
      overflowing && scroller.scrollLeft + scroller.clientWidth < scroller.scrollWidth - 1,
    );
    if (sameWindow(next, this.shown) && this.body.childElementCount > 0) return;
    this.shown = next;
    // Rows not read yet draw empty and are asked of the engine; they draw again when they arrive.
    void this.rows.ensure(next.start, next.end).then((arrived) => {
      if (!arrived) return;
      this.shown = { start: 0, end: 0, spaceBefore: 0, spaceAfter: 0 };
      this.schedule();
    });
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
      const row = this.rows.row(index);
      return row ? [row] : [];
    });
    if (rows.length === 0) return;
    event.clipboardData.setData('text/plain', toTsv(this.table.columns, rows));
    event.preventDefault();
  }

  private row(index: number): HTMLTableRowElement {
    const read: TableRow | undefined = this.rows.row(index);
    const row = read ?? {};
    const line = element('tr');
    line.dataset.row = String(index);
    if (!read) line.className = 'mw-table-reading';
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
    this.chart?.destroy();
    this.chart = new ChartFigure(chart, fileSlug(this.table.question, 'chart'));
    this.chartSlot.replaceChildren(this.chart.root);
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

  /** True when the table has only some of the result's rows. */
  private missesRows(): boolean {
    return !this.rows.fromEngine && this.table.totalRows > this.table.rows.length;
  }

  /** "Run again": the query runs again in the page's engine, and the table reads every row of it. */
  private runAgainButton(): HTMLButtonElement | undefined {
    const actions = this.actions;
    const runAgain = actions?.runAgain;
    if (!runAgain || !actions.canRunAgain?.(this.table)) return undefined;
    const trigger = button(
      'Run again',
      () => {
        this.run(
          trigger,
          runAgain(this.table).then((source) => this.rows.useSource(source)),
          () => {
            this.update();
            return 'The query ran again: every row is read from the engine.';
          },
        );
      },
      { className: 'mw-button', ariaLabel: 'Run the query again for every row' },
    );
    trigger.hidden = !this.missesRows();
    return trigger;
  }

  private downloadButton(): HTMLButtonElement {
    const download = button('Download CSV', () => void this.download(download), {
      className: 'mw-button',
      ariaLabel: 'Download CSV of every row, in the order and filter shown',
    });
    return download;
  }

  /** Writes every row of the view to a CSV file, a chunk at a time. */
  private async download(trigger: HTMLButtonElement): Promise<void> {
    const name = `${fileSlug(this.table.question ?? this.table.resultId)}.csv`;
    trigger.disabled = true;
    this.status.textContent = '';
    try {
      const sink = await openCsvSink(name, (blob) => downloadBlob(name, blob));
      if (!sink) return;
      const total = this.rows.count;
      const written = await writeCsv(sink, this.table.columns, this.rows.chunks(), (rows) => {
        this.status.textContent = `Writing ${name}: ${rows.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} rows…`;
      });
      this.status.textContent = `${name}: ${written.toLocaleString('en-US')} ${written === 1 ? 'row' : 'rows'} written.`;
    } catch (error) {
      this.status.textContent = `The CSV file was not written: ${errorMessage(error)}`;
    } finally {
      trigger.disabled = false;
    }
  }
}
