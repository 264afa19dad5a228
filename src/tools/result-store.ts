// Query results kept in the page by result_id, so map and chart tools use rows the model never sees.

/** A stored query result. */
export interface StoredResult {
  resultId: string;
  /** The server that produced it (`embedded` for the in-page SQL server). */
  serverId: string;
  sql?: string;
  columns: { name: string; type: string }[];
  rows: Record<string, unknown>[];
  totalRows: number;
  /**
   * Rows kept when the stored copy was cut to the conversation's cap (after a reload the rest are
   * gone); absent when every row the query returned is here.
   */
  storedRows?: number;
}

/** How a ResultStore is set up. */
export interface ResultStoreOptions {
  /** How many results are held; the oldest goes first. */
  capacity?: number;
  /**
   * Applied to every result as it is stored: the app masks data credentials with it, so a value a
   * query returned is not shown in tables, charts or map layers either.
   */
  mask?: (result: StoredResult) => StoredResult;
}

/** Results by id, oldest dropped first once `capacity` is reached. */
export class ResultStore {
  private readonly results = new Map<string, StoredResult>();
  private readonly capacity: number;
  private readonly mask: (result: StoredResult) => StoredResult;

  constructor(options: ResultStoreOptions = {}) {
    this.capacity = options.capacity ?? 50;
    this.mask = options.mask ?? ((result) => result);
  }

  /** Stores a result, replacing one with the same id. */
  put(result: StoredResult): void {
    this.results.delete(result.resultId);
    this.results.set(result.resultId, this.mask(result));
    while (this.results.size > this.capacity) {
      const oldest = this.results.keys().next().value;
      if (oldest === undefined) break;
      this.results.delete(oldest);
    }
  }

  /**
   * Rows read again for a stored result (a page of it from the engine), masked as the result was when
   * it was stored.
   */
  maskRows(result: StoredResult, rows: Record<string, unknown>[]): Record<string, unknown>[] {
    return this.mask({ ...result, rows }).rows;
  }

  /** The result with this id, if it is still held. */
  get(resultId: string): StoredResult | undefined {
    return this.results.get(resultId);
  }

  /** Forgets every result (another conversation is opened; its own results are put back). */
  clear(): void {
    this.results.clear();
  }

  /** Ids of the results held, oldest first. */
  ids(): string[] {
    return [...this.results.keys()];
  }
}
