// The browser runtime of the WASM engine: DuckDB-WASM and parquet-wasm bundled by Vite (no CDN), each
// in a worker of its own (parquet-wasm in the table decoder's, table-decoder-client.ts).
// This module is imported dynamically on first use, so none of it loads during start-up.
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import { askDecoder } from './table-decoder-client';
import type { WasmDatabase, WasmRuntime } from './duckdb-wasm-types';
import type { DecodeRequest } from './table-decoder-worker';

const bundles: duckdb.DuckDBBundles = {
  mvp: { mainModule: mvpWasmUrl, mainWorker: mvpWorkerUrl },
  eh: { mainModule: ehWasmUrl, mainWorker: ehWorkerUrl },
};

// The worker's script runs from a blob of ours, which turns the console off and then loads DuckDB's
// worker: DuckDB-WASM prints a failed query there, with any secret filled into it. A blob worker also
// runs under the page's Content Security Policy (`worker-src blob:`, `script-src 'self'`).
function silentWorker(workerUrl: string): { worker: Worker; release: () => void } {
  const script =
    "for (const level of ['log', 'info', 'warn', 'error', 'debug', 'trace', 'dir', 'table']) " +
    'self.console[level] = () => {};\n' +
    `importScripts(${JSON.stringify(absolute(workerUrl))});\n`;
  const url = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  return { worker: new Worker(url), release: () => URL.revokeObjectURL(url) };
}

// Inside a blob worker a relative URL has nothing to resolve against.
function absolute(url: string): string {
  return new URL(url, document.baseURI).href;
}

/** Starts DuckDB-WASM in a silent worker. The engine locks its configuration down once it is open. */
async function openDatabase(): Promise<WasmDatabase> {
  performance.mark('mapwright:duckdb-start');
  const bundle = await duckdb.selectBundle(bundles);
  const { worker, release } = silentWorker(bundle.mainWorker ?? mvpWorkerUrl);
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
