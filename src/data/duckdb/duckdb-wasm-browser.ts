// The browser runtime of the WASM engine: DuckDB-WASM and parquet-wasm bundled by Vite (no CDN), each
// in a worker of its own (parquet-wasm in the table decoder's, table-decoder-client.ts).
// This module is imported dynamically on first use, so none of it loads during start-up.
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import { startsInPlace } from '../../web/start-module-worker';
import ehWorkerUrl from '../workers/duckdb-worker-eh?worker&url';
import mvpWorkerUrl from '../workers/duckdb-worker-mvp?worker&url';
import { askDecoder } from '../workers/table-decoder-client';
import type {
  RemoteParquetAnswer,
  WasmConnection,
  WasmDatabase,
  WasmNetwork,
  WasmRuntime,
} from '../duckdb-wasm-types';
import type { DecodeRequest } from '../workers/table-decoder-worker';

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
  return wasmDatabase(database, worker);
}

/** DuckDB-WASM's database as the engine uses it, with uploads read in place and progress heard. */
function wasmDatabase(database: duckdb.AsyncDuckDB, worker: Worker): WasmDatabase {
  return {
    connect: () => database.connect() as unknown as Promise<WasmConnection>,
    registerFileBuffer: (name, buffer) => database.registerFileBuffer(name, buffer),
    // The browser's file reader protocol: DuckDB's worker reads slices of the file as it scans.
    registerFileHandle: (name, file) =>
      database.registerFileHandle(name, file, duckdb.DuckDBDataProtocol.BROWSER_FILEREADER, true),
    tokenize: (sql) => database.tokenize(sql),
    dropFile: async (name) => {
      await database.dropFile(name);
    },
    terminate: async () => {
      await database.terminate();
    },
    // AsyncDuckDB keeps its progress listeners private; the messages come from our worker all the same.
    onProgress: (listener) => {
      const heard = (event: MessageEvent<{ type?: string; data?: { percentage?: number } }>) => {
        const percentage = event.data?.data?.percentage;
        if (event.data?.type === 'PROGRESS_UPDATE' && typeof percentage === 'number')
          listener(Math.min(1, Math.max(0, percentage / 100)));
      };
      worker.addEventListener('message', heard);
      return () => worker.removeEventListener('message', heard);
    },
  };
}

/** A table file decoded to an Arrow IPC stream, off the page's thread. */
function decodeInWorker(
  format: DecodeRequest['format'],
  table: string,
  bytes: Uint8Array | Blob,
): Promise<Uint8Array> {
  // A file goes as it is (the worker reads it); bytes as a copy, so the caller's stay whole.
  if (bytes instanceof Blob) return askDecoder<Uint8Array>({ format, table, bytes });
  const copy = bytes.slice();
  return askDecoder<Uint8Array>({ format, table, bytes: copy }, [copy.buffer]);
}

/** The runtime the app uses in the page. */
export const browserWasmRuntime: WasmRuntime = {
  openDatabase,
  parquetToArrowIpc: (bytes) => decodeInWorker('parquet', '', bytes),
  decodeToArrowIpc: (format, table, bytes) => decodeInWorker(format, table, bytes),
  readRemoteParquet: (url, allowedOrigins, columns, rowGroups) =>
    askDecoder<RemoteParquetAnswer>({
      kind: 'remote-parquet',
      url,
      allowedOrigins,
      columns,
      rowGroups,
    }),
};
