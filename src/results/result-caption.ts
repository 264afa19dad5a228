// The line under a result table that says which rows it shows: every row, read from the engine, and
// how many of them the conversation keeps; or the rows the page holds, and why there are no more.
import { ROW_CAPS } from '../config/row-caps';

/** What the caption reads from the table. */
export interface ResultCaptionFacts {
  /** Rows the query produced. */
  totalRows: number;
  /** Rows the page holds (the query's first rows, or those kept with the conversation). */
  heldRows: number;
  /** Rows in the current view (after the filter). */
  viewRows: number;
  /** The filter text, if any. */
  filter?: string;
  /** True while every row is read from the engine. */
  fromEngine: boolean;
  /** Rows kept with the conversation when the stored copy was cut. */
  storedRows?: number;
  /** The page lost the rows altogether. */
  rowsUnavailable?: boolean;
  /** The engine kept the result earlier in this page, but no longer. */
  engineLost?: boolean;
}

const count = (value: number): string => value.toLocaleString('en-US');
const rows = (value: number): string => `${count(value)} ${value === 1 ? 'row' : 'rows'}`;

/** The caption of a result table. */
export function resultCaption(facts: ResultCaptionFacts): string {
  const total = facts.totalRows;
  if (facts.rowsUnavailable)
    return `${rows(total)} (the page no longer holds its rows: run the query again to see them)`;
  const filter = facts.filter?.trim();
  if (facts.fromEngine) {
    const shown = filter
      ? `${count(facts.viewRows)} of ${rows(total)} contain “${filter}”`
      : rows(total);
    const kept = facts.storedRows ?? Math.min(facts.heldRows, ROW_CAPS.keptWithConversation);
    if (kept >= total) return shown;
    return `${shown}, every one read from the engine; the conversation keeps the first ${count(kept)}, after a reload Run again reads the rest`;
  }
  const held = facts.heldRows;
  const shown = filter
    ? `${count(facts.viewRows)} of ${count(held)} held rows contain “${filter}”; `
    : '';
  if (held >= total) return filter ? shown.slice(0, -2) : rows(total);
  const why =
    facts.storedRows !== undefined
      ? `the first ${count(held)} kept with the conversation are here (results are stored up to ${count(ROW_CAPS.keptWithConversation)} rows or 5 MB)`
      : facts.engineLost
        ? `the engine no longer holds this result, so the first ${count(held)} the page holds are here`
        : `the first ${count(held)} came back with the result and are here`;
  return `${shown}${rows(total)}: ${why}; run the query again for the rest`;
}
