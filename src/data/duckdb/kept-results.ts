// The results an engine keeps whole, by result id: which are still there, their columns, and a page
// of one in a person's view. The oldest goes once `capacity` are kept, so a long session does not hold
// every result it ever produced; a table whose result went reads what the page still holds.
import { resultCountSql, resultPageSql, type ResultView } from '../kept-result-sql';
import type { KeptPage, KeptPageRequest, QueryResult } from '../data-engine';

/** Runs read-only SQL in the engine, returning at most `maxRows` rows. */
export type RunKeptSql = (sql: string, maxRows: number) => Promise<QueryResult>;

/** Results kept by default before the oldest is dropped. */
export const KEPT_RESULT_CAPACITY = 20;

/** The kept results of one engine. */
export class KeptResults {
  private readonly columns = new Map<string, string[]>();
  // A filter's count does not change while the result is kept: counted once per filter.
  private readonly counts = new Map<string, number>();

  constructor(private readonly capacity = KEPT_RESULT_CAPACITY) {}

  /** Notes a result kept under `resultId`; returns the ids of older results to drop now. */
  add(resultId: string, columns: readonly string[]): string[] {
    this.forget(resultId);
    this.columns.set(resultId, [...columns]);
    const dropped: string[] = [];
    for (const oldest of this.columns.keys()) {
      if (this.columns.size <= this.capacity) break;
      this.forget(oldest);
      dropped.push(oldest);
    }
    return dropped;
  }

  /** True while the result is kept. */
  has(resultId: string): boolean {
    return this.columns.has(resultId);
  }

  /** Forgets a result (its table was dropped, or the engine closed). */
  forget(resultId: string): void {
    this.columns.delete(resultId);
    for (const key of this.counts.keys())
      if (key.startsWith(`${resultId}\u0000`)) this.counts.delete(key);
  }

  /** Forgets every result. */
  clear(): void {
    this.columns.clear();
    this.counts.clear();
  }

  /** A page of a kept result in the request's view, with the number of rows the view lets through. */
  async page(resultId: string, request: KeptPageRequest, run: RunKeptSql): Promise<KeptPage> {
    const columns = this.columns.get(resultId);
    if (!columns)
      throw new Error(`The engine no longer keeps the result ${resultId}: run the query again.`);
    const [totalRows, page] = await Promise.all([
      this.count(resultId, columns, request.view, run),
      run(
        resultPageSql(resultId, columns, request.view, request.offset, request.limit),
        request.limit,
      ),
    ]);
    return { rows: page.rows, totalRows };
  }

  private async count(
    resultId: string,
    columns: string[],
    view: ResultView,
    run: RunKeptSql,
  ): Promise<number> {
    const key = `${resultId}\u0000${view.filter?.trim().toLowerCase() ?? ''}`;
    const known = this.counts.get(key);
    if (known !== undefined) return known;
    const counted = await run(resultCountSql(resultId, columns, view), 1);
    const total = Number(counted.rows[0]?.n ?? 0);
    if (this.columns.has(resultId)) this.counts.set(key, total);
    return total;
  }
}
