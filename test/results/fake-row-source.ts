// A result kept "in the engine" for UI tests: every row, sorted and filtered as the engine would, with
// each page asked for recorded, and a switch that makes the engine forget the result.
import { arrange } from '../../src/results/table-rows';
import type { ResultRowSource, TableRow, TableView } from '../../src/results/result-row-source';

/** A fake engine's pages over `rows`. */
export interface FakeRowSource extends ResultRowSource {
  asked: { view: TableView; offset: number; limit: number }[];
  forget(): void;
}

/** Pages of `rows` in any view; fails once `forget` was called. */
export function fakeRowSource(
  rows: readonly TableRow[],
  columns: readonly string[],
): FakeRowSource {
  let forgotten = false;
  const asked: FakeRowSource['asked'] = [];
  return {
    asked,
    forget: () => {
      forgotten = true;
    },
    page(view, offset, limit) {
      asked.push({ view, offset, limit });
      if (forgotten) return Promise.reject(new Error('The engine no longer keeps the result.'));
      const arranged = arrange(rows, columns, view);
      return Promise.resolve({
        rows: arranged.slice(offset, offset + limit),
        totalRows: arranged.length,
      });
    },
  };
}
