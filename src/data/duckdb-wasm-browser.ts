// The browser runtime of the WASM engine: DuckDB-WASM and parquet-wasm bundled by Vite (no CDN), each
// in a worker of its own (parquet-wasm in the table decoder's, table-decoder-client.ts).
// This module is imported dynamically on first use, so none of it loads during start-up.
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import { startsInPlace } from '../web/start-module-worker';
import ehWorkerUrl from './duckdb-worker-eh?worker&url';
import mvpWorkerUrl from './duckdb-worker-mvp?worker&url';
import { askDecoder } from './table-decoder-client';
import type { WasmDatabase, WasmNetwork, WasmRuntime } from './duckdb-wasm-types';
import type { DecodeRequest } from './table-decoder-worker';

const bundles: duckdb.DuckDBBundles = {
  mvp: { mainModule: mvpWasmUrl, mainWorker: mvpWorkerUrl },
  eh: { mainModule: ehWasmUrl, mainWorker: ehWorkerUrl },
};

// DuckDB's worker is our entry (duckdb-worker-setup.ts first: a quiet console, a guarded network), told
// the allowed origins through its name. Its Content-Security-Policy is the strictest one on offer: a
// worker started from its own URL takes the policy its file is served with (the build's `_headers` give
// it one that lists only the data hosts); where the host sends no such header (GitHub Pages), it starts
// from a blob instead, which keeps the page's policy (its meta tag) rather than none.
async function startWorker(
  workerUrl: string,
  network: WasmNetwork,
): Promise<{ worker: Worker; release: () => void }> {
  const options: WorkerOptions = { type: 'module', name: JSON.stringify(network.allowedOrigins) };
  const entry = absolute(workerUrl);
  // A script of another origin (an embed's) can start a worker only through a blob.
  if (startsInPlace(entry) && (await servedWithPolicy(entry)))
    return { worker: new Worker(entry, options), release: () => {} };
  const script = `import ${JSON.stringify(entry)};\n`;
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  return { worker: new Worker(url, options), release: () => URL.revokeObjectURL(url) };
}

// Whether the host sends the worker's file with a Content-Security-Policy of its own.
async function servedWithPolicy(url: string): Promise<boolean> {
  try {
    const response = await fetch(url, { method: 'HEAD', cache: 'no-store' });
    return response.ok && (response.headers.get('content-security-policy') ?? '') !== '';
  } catch {
    return false;
  }
}

// Inside a blob worker a relative URL has nothing to resolve against.
function absolute(url: string): string {
  return new URL(url, document.baseURI).href;
}

/**
 * Starts DuckDB-WASM in a silent worker that reaches no origin but its own and `network`'s. The engine
 * locks DuckDB's configuration down once it is open.
 */
async function openDatabase(network: WasmNetwork): Promise<WasmDatabase> {
  performance.mark('mapwright:duckdb-start');
  const bundle = await duckdb.selectBundle(bundles);
  const { worker, release } = await startWorker(bundle.mainWorker ?? mvpWorkerUrl, network);
  const database = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  try {
    await database.instantiate(
      absolute(bundle.mainModule),
      bundle.pthreadWorker ? absolute(bundle.pthreadWorker) : null,
    );
  } finally {
    release();
  }
  performance.mark('mapwright:duckdb-instantiated');
  await database.open({
    path: ':memory:',
    query: { castBigIntToDouble: false, castDecimalToDouble: true, castTimestampToDate: false },
  });
  performance.mark('mapwright:duckdb-open');
  return database as unknown as WasmDatabase;
}

/** A table file decoded to an Arrow IPC stream, off the page's thread. */
function decodeInWorker(
  format: DecodeRequest['format'],
  table: string,
  bytes: Uint8Array,
): Promise<Uint8Array> {
  // A copy goes to the worker, so the caller's bytes (an upload's, kept for a reload) stay whole.
  const copy = bytes.slice();
  return askDecoder<Uint8Array>({ format, table, bytes: copy }, [copy.buffer]);
}

/** The runtime the app uses in the page. */
export const browserWasmRuntime: WasmRuntime = {
  openDatabase,
  parquetToArrowIpc: (bytes) => decodeInWorker('parquet', '', bytes),
  decodeToArrowIpc: (format, table, bytes) => decodeInWorker(format, table, bytes),
};
