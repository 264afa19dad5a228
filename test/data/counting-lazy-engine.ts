// A lazy engine over DuckDB in Node that counts how often it created the real engine, for tests of
// what starts DuckDB and what does not.
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { LazyDataEngine } from '../../src/data/lazy-data-engine';

/** The lazy engine, and how many real engines it has created so far. */
export function countingLazyEngine(): { engine: LazyDataEngine; created: () => number } {
  let created = 0;
  const engine = new LazyDataEngine(() => {
    created += 1;
    return new DuckDbNodeEngine();
  });
  return { engine, created: () => created };
}
