// The page's DuckDB worker for browsers without WebAssembly exceptions (duckdb-worker-setup.ts).
import duckdbWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import { startDuckDbWorker } from './duckdb-worker-setup';

void startDuckDbWorker(duckdbWorkerUrl);
