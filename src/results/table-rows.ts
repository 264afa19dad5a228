// The rows a result table shows, in the person's order and filter: read a page at a time from the
// engine, which keeps the whole result while the page is open, or else the rows the page holds, sorted
// and filtered here. A page the engine can no longer give (its result went) turns the table to the held
// rows, and the table says so.
import { ROW_CAPS } from '../config/row-caps';
import { cellText } from './result-data';
import type { ResultRowSource, TableRow, TableView } from './result-row-source';

/** What a table's rows are read from. */
export interface TableRowsOptions {
  columns: readonly string[];
  /** The rows the page holds (the query's first rows, in its order). */
  held: readonly TableRow[];
  /** Rows the query produced. */
  totalRows: number;
  source?: ResultRowSource;
  /** Rows asked of the source at a time. */
  pageSize?: number;
  /** The source failed: the rows are the held ones from now on. */
  onSourceLost?: (error: unknown) => void;
}

/** The rows of one table in its current view. */
export class TableRows {
  private source: ResultRowSource | undefined;
  private view: TableView = {};
  private total: number;
  private local: readonly TableRow[];
  private readonly pages = new Map<number, TableRow[]>();
  private readonly loading = new Map<number, Promise<void>>();
  private readonly pageSize: number;
  // Bumped by each change of view, so a page that arrives for an older view is dropped.
  private generation = 0;
  // The held rows are the source's first pages (not so once the query ran again).
  private seeded = true;

  constructor(private readonly options: TableRowsOptions) {
    this.source = options.source;
    this.pageSize = options.pageSize ?? ROW_CAPS.tablePage;
    this.local = options.held;
    this.total = options.source ? options.totalRows : options.held.length;
    this.seedFirstPages();
  }

  /** True while rows come from the engine (every row of the result). */
  get fromEngine(): boolean {
    return this.source !== undefined;
  }

  /** Rows in the current view. */
  get count(): number {
    return this.total;
  }

  /** The current view. */
  get current(): TableView {
    return this.view;
  }

  /** The row at `index` of the view, if it is here yet. */
  row(index: number): TableRow | undefined {
    if (!this.source) return this.local[index];
    return this.pages.get(Math.floor(index / this.pageSize))?.[index % this.pageSize];
  }

  /**
   * Reads every row from `source` from now on (the query ran again): nothing of the held rows is
   * taken for its pages, as a new run need not give its rows in the same order.
   */
  async useSource(source: ResultRowSource): Promise<void> {
    this.source = source;
    this.seeded = false;
    await this.setView(this.view);
  }

  /** Changes the view; resolves once its count (and first page, from the engine) are known. */
  async setView(view: TableView): Promise<void> {
    this.view = view;
    this.generation += 1;
    this.pages.clear();
    this.loading.clear();
    if (this.source) {
      if (!view.sort && !view.filter?.trim()) this.seedFirstPages();
      await this.ensure(0, 1);
      return;
    }
    this.local = arrange(this.options.held, this.options.columns, view);
    this.total = this.local.length;
  }

  /** Reads the pages that hold rows `start` to `end` of the view; true when any arrived. */
  async ensure(start: number, end: number): Promise<boolean> {
    const source = this.source;
    if (!source) return false;
    const first = Math.floor(start / this.pageSize);
    const last = Math.floor(Math.max(start, end - 1) / this.pageSize);
    const waits: Promise<void>[] = [];
    for (let index = first; index <= last; index += 1) {
      if (this.pages.has(index)) continue;
      waits.push(this.loading.get(index) ?? this.load(source, index));
    }
    if (waits.length === 0) return false;
    await Promise.all(waits);
    return true;
  }

  /** Every row of the view, `chunk` rows at a time, in order (the engine's, or the held rows). */
  async *chunks(chunk: number = ROW_CAPS.downloadChunk): AsyncGenerator<readonly TableRow[]> {
    const source = this.source;
    if (!source) {
      for (let offset = 0; offset < this.local.length; offset += chunk)
        yield this.local.slice(offset, offset + chunk);
      return;
    }
    const view = this.view;
    let total = this.total;
    for (let offset = 0; offset < total; offset += chunk) {
      const page = await source.page(view, offset, chunk);
      total = page.totalRows;
      if (page.rows.length === 0) return;
      yield page.rows;
    }
  }

  private load(source: ResultRowSource, index: number): Promise<void> {
    const generation = this.generation;
    const loading = source
      .page(this.view, index * this.pageSize, this.pageSize)
      .then(
        (page) => {
          if (generation !== this.generation) return;
          this.pages.set(index, page.rows);
          this.total = page.totalRows;
        },
        (error: unknown) => {
          if (generation !== this.generation || this.source !== source) return;
          this.loseSource(error);
        },
      )
      .finally(() => {
        if (generation === this.generation) this.loading.delete(index);
      });
    this.loading.set(index, loading);
    return loading;
  }

  private loseSource(error: unknown): void {
    this.source = undefined;
    this.pages.clear();
    this.local = arrange(this.options.held, this.options.columns, this.view);
    this.total = this.local.length;
    this.options.onSourceLost?.(error);
  }

  // The held rows are the query's first rows in its own order: the unsorted view's first pages.
  private seedFirstPages(): void {
    if (!this.source || !this.seeded) return;
    const held = this.options.held;
    for (let start = 0; start + this.pageSize <= held.length; start += this.pageSize)
      this.pages.set(start / this.pageSize, held.slice(start, start + this.pageSize));
    const whole = held.length === this.total;
    const rest = held.length % this.pageSize;
    if (whole && rest > 0)
      this.pages.set(Math.floor(held.length / this.pageSize), held.slice(held.length - rest));
  }
}

function compare(left: unknown, right: unknown): number {
  const missing = (value: unknown) => value === null || value === undefined;
  if (missing(left) || missing(right)) return missing(left) ? (missing(right) ? 0 : 1) : -1;
  if (typeof left === 'number' && typeof right === 'number') return left - right;
  if (typeof left === 'bigint' && typeof right === 'bigint')
    return left < right ? -1 : left > right ? 1 : 0;
  return cellText(left).localeCompare(cellText(right), undefined, { numeric: true });
}

/** Held rows in a view: filtered on every cell as text, sorted stably with nulls last. */
export function arrange(
  rows: readonly TableRow[],
  columns: readonly string[],
  view: TableView,
): readonly TableRow[] {
  const text = view.filter?.trim().toLowerCase();
  const kept = text
    ? rows.filter((row) => columns.some((name) => cellText(row[name]).toLowerCase().includes(text)))
    : rows;
  const sort = view.sort;
  if (!sort) return kept;
  const sign = sort.descending ? -1 : 1;
  return [...kept].sort((left, right) => {
    const order = compare(left[sort.column], right[sort.column]);
    const nulls =
      left[sort.column] === null ||
      left[sort.column] === undefined ||
      right[sort.column] === null ||
      right[sort.column] === undefined;
    // Nulls stay last whichever way the column is sorted, as in the engine.
    return nulls ? order : sign * order;
  });
}
