// The browser runtime of the WASM engine: DuckDB-WASM and parquet-wasm bundled by Vite (no CDN).
// This module is imported dynamically on first use, so none of it loads during start-up.
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasmUrl from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import initParquet, { readParquet } from 'parquet-wasm/esm';
import parquetWasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import type { WasmDatabase, WasmRuntime } from './duckdb-wasm-types';

const bundles: duckdb.DuckDBBundles = {
  mvp: { mainModule: mvpWasmUrl, mainWorker: mvpWorkerUrl },
  eh: { mainModule: ehWasmUrl, mainWorker: ehWorkerUrl },
};

let parquetReady: Promise<unknown> | undefined;

/** Starts DuckDB-WASM in a worker, with extension downloads off (offline they fail and can break it). */
async function openDatabase(): Promise<WasmDatabase> {
  const bundle = await duckdb.selectBundle(bundles);
  const worker = new Worker(bundle.mainWorker ?? mvpWorkerUrl);
  const database = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await database.instantiate(bundle.mainModule, bundle.pthreadWorker);
  await database.open({
    path: ':memory:',
    query: { castBigIntToDouble: false, castDecimalToDouble: true, castTimestampToDate: false },
  });
  const connection = await database.connect();
  await connection.query('SET autoinstall_known_extensions = false');
  await connection.query('SET autoload_known_extensions = false');
  await connection.close();
  return database as unknown as WasmDatabase;
}

async function parquetToArrowIpc(bytes: Uint8Array): Promise<Uint8Array> {
  parquetReady ??= initParquet({ module_or_path: parquetWasmUrl });
  await parquetReady;
  return readParquet(bytes).intoIPCStream();
}

/** The runtime the app uses in the page. */
export const browserWasmRuntime: WasmRuntime = { openDatabase, parquetToArrowIpc };
