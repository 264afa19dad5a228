// DuckDB and the bundled datasets start on the first query, which made the first approval card's
// pre-flight wait seconds for the data to load. Starting them once the page is idle means the data is
// usually ready by the time a card opens, and its check answers at once.
import { whenIdle } from './preload-chat-modules';
import type { DataEngine } from '../data/data-engine';
import type { Mounted } from '../ui/mounted';

/** Starts the data engine (and its tables' loading) when the page is next idle, unless destroyed first. */
export function preloadData(engine: Promise<DataEngine | undefined>, timeoutMs = 3_000): Mounted {
  let destroyed = false;
  let idle: Mounted | undefined;
  void engine.then(
    (started) => {
      if (!started || destroyed) return;
      // Listing the tables waits for the engine and the declared tables; a failure is reported by the
      // engine's own load warnings and retried by the first query.
      idle = whenIdle(() => void started.listTables().catch(() => {}), timeoutMs);
    },
    // The data side failed to start: the app says so where it starts it.
    () => undefined,
  );
  return {
    destroy: () => {
      destroyed = true;
      idle?.destroy();
    },
  };
}
