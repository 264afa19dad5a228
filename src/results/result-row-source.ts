// Where a result table reads every row of its result: the engine keeps the whole result while the page
// is open, and answers a page at a time in the person's order and filter.

/** One row of a result. */
export type TableRow = Record<string, unknown>;

/** How a person arranged a table: one sorted column, and text every shown row contains. */
export interface TableView {
  sort?: { column: string; descending: boolean };
  filter?: string;
}

/** Pages of a result kept whole in the engine, sorted and filtered there. */
export interface ResultRowSource {
  /** Rows `offset` to `offset + limit` in the view, and how many rows the view lets through. */
  page(
    view: TableView,
    offset: number,
    limit: number,
  ): Promise<{ rows: TableRow[]; totalRows: number }>;
}
