// Every limit on rows, one per purpose, in one place: each reader of a cap takes it from here, so a
// number a person meets ("5,000 kept with the conversation") has one source. docs/configuration.md
// ("Row caps") says what each one is for.

/** The row caps, named by what the rows are for. */
export const ROW_CAPS = {
  /**
   * Rows of a query result the model reads as text (the default of `limits.maxRowsToModel`); the rest
   * stay in the page, by `result_id`.
   */
  toModel: 50,
  /**
   * Rows a query call brings into the page with its result when the model names no `max_rows`, and
   * the rows the engine returns to any caller that names no limit. Map and chart tools read these.
   */
  perQueryDefault: 1_000,
  /** Most rows one query call may bring into the page (the largest `max_rows`). */
  perQueryMax: 10_000,
  /**
   * Rows of one result stored with its conversation, and written into its JSON export: what is left of
   * a result after a reload. The table pages the whole result from the engine while the page is open.
   */
  keptWithConversation: 5_000,
  /** Rows a chart draws (and keeps with the conversation as its data). */
  chart: 5_000,
  /** Rows of an uploaded Parquet file read to draw its map layer. */
  uploadLayer: 100_000,
  /**
   * Rows a table keeps in a tool result's data when no result store holds them (a remote server's
   * table without a result id).
   */
  inResultData: 1_000,
  /** Rows a result table asks the engine for at a time, as it scrolls and as its CSV is written. */
  tablePage: 500,
  /** Rows read from the engine per chunk of a downloaded CSV file. */
  downloadChunk: 20_000,
} as const;

/** One of the row caps' names. */
export type RowCapPurpose = keyof typeof ROW_CAPS;
