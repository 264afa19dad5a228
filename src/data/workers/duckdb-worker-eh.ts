// The page's DuckDB worker for browsers with WebAssembly exceptions (duckdb-worker-setup.ts).
import duckdbWorkerUrl from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import { startDuckDbWorker } from './duckdb-worker-setup';

void startDuckDbWorker(duckdbWorkerUrl);
