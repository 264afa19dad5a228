// DuckDB and the bundled datasets start on the first query, which made the first approval card's
// pre-flight wait seconds for the data to load. They start instead at the first sign the person is
// about to ask: the question box takes focus, or a turn starts (a suggestion, the host page's ask(), a
// retry, a turn resumed after a reload). Typing a question and the model's first reply take longer
// than DuckDB's start, so the card's check still answers at once; a visitor who only looks at the map
// (or an embedded map nobody asks) never starts DuckDB-WASM nor loads the tables: seconds of CPU and
// the tables' memory less (docs/performance.md, "DuckDB when the person is about to ask"). With no
// dataset declared, the listing below starts nothing (LazyDataEngine.listTables). Its module is still
// fetched by the offline copy's install, which keeps every file of the build.
import type { DataEngine } from '../data/data-engine';
import type { Mounted } from '../ui/mounted';

/** The preload: `start()` starts the engine now (once); destroying it stops listening. */
export interface DataPreload extends Mounted {
  start(): void;
}

/**
 * Starts the data engine (and its tables' loading) when `questionBox` first takes focus or `start()`
 * is called, whichever comes first; nothing once destroyed.
 */
export function preloadData(
  engine: Promise<DataEngine | undefined>,
  questionBox: HTMLElement,
): DataPreload {
  let asked = false;
  let destroyed = false;
  const stopListening = (): void => questionBox.removeEventListener('focusin', start);
  function start(): void {
    if (asked || destroyed) return;
    asked = true;
    stopListening();
    void engine.then(
      (started) => {
        // Listing the tables waits for the engine and the declared tables; a failure is reported by
        // the engine's own load warnings and retried by the first query.
        if (started && !destroyed) void started.listTables().catch(() => {});
      },
      // The data side failed to start: the app says so where it starts it.
      () => undefined,
    );
  }
  questionBox.addEventListener('focusin', start);
  return {
    start,
    destroy: () => {
      destroyed = true;
      stopListening();
    },
  };
}
