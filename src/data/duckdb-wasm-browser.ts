// The browser runtime of the WASM engine: DuckDB-WASM and parquet-wasm bundled by Vite (no CDN), each
// in a worker of its own.
// This module is imported dynamically on first use, so none of it loads during start-up.
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import type { WasmDatabase, WasmRuntime } from './duckdb-wasm-types';
import type { DecodeAnswer, DecodeRequest } from './table-decoder-worker';

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

let decoder: Worker | undefined;
let decodeRequests = 0;
const decoding = new Map<
  number,
  { resolve: (ipc: Uint8Array) => void; reject: (error: Error) => void }
>();

/** The table decoder's worker (src/data/table-decoder-worker.ts), started on the first file. */
function startDecoder(): Worker {
  const worker = new Worker(new URL('./table-decoder-worker.ts', import.meta.url), {
    type: 'module',
  });
  worker.addEventListener('message', (event: MessageEvent<DecodeAnswer>) => {
    const waiting = decoding.get(event.data.id);
    decoding.delete(event.data.id);
    if ('ipc' in event.data) waiting?.resolve(event.data.ipc);
    else waiting?.reject(new Error(event.data.error));
    if (decoding.size === 0) stopDecoderWhenIdle(worker);
  });
  // A worker that cannot start fails what waits on it; the next file starts a new one.
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    const reason = `The file reader could not start: ${event.message || 'no reason given'}`;
    for (const waiting of decoding.values()) waiting.reject(new Error(reason));
    decoding.clear();
    worker.terminate();
    if (decoder === worker) decoder = undefined;
  });
  return worker;
}

let idleTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * WebAssembly memory never shrinks: after the 3M-row flights file parquet-wasm's instance holds 444 MB
 * (docs/performance.md) for as long as it lives. The worker goes once it has had nothing
 * to do for a while, and the memory with it; the next file starts a new one (tens of milliseconds).
 */
function stopDecoderWhenIdle(worker: Worker): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (decoder !== worker || decoding.size > 0) return;
    worker.terminate();
    decoder = undefined;
  }, decoderIdleMs);
}

/** How long the decoder's worker lives with nothing to do, in milliseconds. */
const decoderIdleMs = 10_000;

/** A table file decoded to an Arrow IPC stream, off the page's thread. */
function decodeInWorker(
  format: DecodeRequest['format'],
  table: string,
  bytes: Uint8Array,
): Promise<Uint8Array> {
  clearTimeout(idleTimer);
  decoder ??= startDecoder();
  const worker = decoder;
  const id = ++decodeRequests;
  return new Promise((resolve, reject) => {
    decoding.set(id, { resolve, reject });
    // A copy goes to the worker, so the caller's bytes (an upload's, kept for a reload) stay whole.
    const copy = bytes.slice();
    const request: DecodeRequest = { id, format, table, bytes: copy };
    worker.postMessage(request, [copy.buffer]);
  });
}

/** The runtime the app uses in the page. */
export const browserWasmRuntime: WasmRuntime = {
  openDatabase,
  parquetToArrowIpc: (bytes) => decodeInWorker('parquet', '', bytes),
  decodeToArrowIpc: (format, table, bytes) => decodeInWorker(format, table, bytes),
};
