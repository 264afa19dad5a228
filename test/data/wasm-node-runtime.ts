// DuckDB-WASM in Node, for tests: the package's blocking Node build behind the engine's async WasmRuntime,
// so DuckDbWasmEngine runs here with the same WebAssembly DuckDB as in the page.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type {
  WasmBatchReader,
  WasmConnection,
  WasmDatabase,
  WasmRuntime,
  WasmScriptTokens,
} from '../../src/data/duckdb-wasm-types';
import type { RecordBatch, Table } from 'apache-arrow';

const require = createRequire(import.meta.url);
const buildPath = require.resolve('@duckdb/duckdb-wasm/dist/duckdb-node-blocking.cjs');
const dist = dirname(buildPath);

// The slice of the blocking build this adapter calls.
interface BlockingReader extends Iterable<RecordBatch> {
  readonly schema: WasmBatchReader['schema'];
  open(): unknown;
}
interface BlockingConnection {
  query(sql: string): Table;
  send(sql: string, allowStreamResult?: boolean): Promise<BlockingReader>;
  prepare(sql: string): { close(): void };
  cancelSent(): boolean;
  insertArrowFromIPCStream(buffer: Uint8Array, options: { name: string; create?: boolean }): void;
  close(): void;
}
interface BlockingDatabase {
  instantiate(progress: () => void): Promise<unknown>;
  open(config: object): void;
  connect(): BlockingConnection;
  registerFileBuffer(name: string, buffer: Uint8Array): void;
  dropFile(name: string): void;
  tokenize(sql: string): WasmScriptTokens;
  reset(): void;
}
interface BlockingBuild {
  createDuckDB(bundles: object, logger: object, runtime: object): Promise<BlockingDatabase>;
  VoidLogger: new () => object;
  NODE_RUNTIME: object;
}

function connectionOf(connection: BlockingConnection): WasmConnection {
  return {
    query: async (sql) => connection.query(sql),
    prepare: async (sql) => {
      const prepared = connection.prepare(sql);
      return { close: async () => prepared.close() };
    },
    send: async (sql, allowStreamResult) => {
      const reader = await connection.send(sql, allowStreamResult);
      return {
        get schema() {
          return reader.schema;
        },
        open: async () => reader.open(),
        async *[Symbol.asyncIterator]() {
          yield* reader;
        },
      };
    },
    cancelSent: async () => connection.cancelSent(),
    insertArrowFromIPCStream: async (buffer, options) =>
      connection.insertArrowFromIPCStream(buffer, options),
    close: async () => connection.close(),
  };
}

async function openDatabase(): Promise<WasmDatabase> {
  const build = require(buildPath) as BlockingBuild;
  const database = await build.createDuckDB(
    {
      mvp: { mainModule: join(dist, 'duckdb-mvp.wasm'), mainWorker: '' },
      eh: { mainModule: join(dist, 'duckdb-eh.wasm'), mainWorker: '' },
    },
    new build.VoidLogger(),
    build.NODE_RUNTIME,
  );
  await database.instantiate(() => {});
  database.open({
    path: ':memory:',
    query: { castBigIntToDouble: false, castDecimalToDouble: true, castTimestampToDate: false },
  });
  return {
    connect: async () => connectionOf(database.connect()),
    registerFileBuffer: async (name, buffer) => database.registerFileBuffer(name, buffer),
    tokenize: async (sql) => database.tokenize(sql),
    dropFile: async (name) => database.dropFile(name),
    terminate: async () => database.reset(),
  };
}

/** DuckDB-WASM's blocking Node build as a WasmRuntime. Parquet loading is not needed in Node tests. */
export const nodeWasmRuntime: WasmRuntime = {
  openDatabase,
  parquetToArrowIpc: () => Promise.reject(new Error('Parquet is not loaded in Node tests.')),
};
