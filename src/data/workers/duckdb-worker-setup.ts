// How the page's DuckDB worker starts: the console goes quiet (DuckDB-WASM prints a failed query there,
// with any secret filled into it), the network is limited to the origins the page named when it started
// the worker (its `name`, a JSON list of origins), reads of uploaded files are counted for their
// progress (duckdb-worker-file-reads.ts), and only then does DuckDB's own worker script load.
import { reportFileReads } from './duckdb-worker-file-reads';
import { guardWorkerNetwork } from './duckdb-worker-network';

function namedOrigins(name: string): string[] {
  try {
    const parsed: unknown = JSON.parse(name);
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === 'string') : [];
  } catch {
    // A worker started without the list may reach only its own origin.
    return [];
  }
}

/** Quiets the console, guards the network, then runs DuckDB's worker script from `duckdbWorkerUrl`. */
export async function startDuckDbWorker(duckdbWorkerUrl: string): Promise<void> {
  const levels = ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table'];
  Object.assign(console, Object.fromEntries(levels.map((level) => [level, () => {}])));
  guardWorkerNetwork(self, namedOrigins(self.name));
  reportFileReads(self, (message) => self.postMessage(message));
  // The page starts talking before DuckDB's script has loaded: hold its messages, then hand them over.
  const early: MessageEvent[] = [];
  self.onmessage = (event) => early.push(event);
  await import(/* @vite-ignore */ duckdbWorkerUrl);
  for (const event of early) self.onmessage?.(event);
}
