// DuckDB reads an upload's CSV in place, reporting how far it got; the person's Cancel stops the query,
// drops what it read and lets the file go. DuckDB-WASM's cancel is only reachable in a browser (the
// e2e upload test); here a recording database stands in for its worker.
import { describe, expect, it } from 'vitest';
import { readCsvFile } from '../../../src/data/upload-files/read-csv-file';
import type {
  WasmBatchReader,
  WasmConnection,
  WasmDatabase,
} from '../../../src/data/duckdb-wasm-types';

/** A database whose sent query runs until cancelled, reporting progress as it goes. */
function slowDatabase() {
  const calls: string[] = [];
  let report: (fraction: number) => void = () => undefined;
  let cancelQuery: () => void = () => undefined;
  const connection: WasmConnection = {
    query: async (sql) => {
      calls.push(`query ${sql.slice(0, 40)}`);
      // The table is not there yet: no row says what kind it is.
      return { toArray: () => [] } as never;
    },
    prepare: async () => ({ close: async () => undefined }),
    send: (sql) => {
      calls.push(`send ${sql.slice(0, 40)}`);
      return new Promise<WasmBatchReader>((_resolve, reject) => {
        cancelQuery = () => reject(new Error('query was canceled'));
      });
    },
    cancelSent: async () => {
      calls.push('cancel');
      cancelQuery();
      return true;
    },
    insertArrowFromIPCStream: async () => undefined,
    close: async () => undefined,
  };
  const database: WasmDatabase = {
    connect: async () => connection,
    registerFileBuffer: async () => {
      calls.push('buffer');
    },
    registerFileHandle: async (name) => {
      calls.push(`handle ${name}`);
    },
    onProgress: (listener) => {
      report = listener;
      return () => {
        calls.push('progress stopped');
        report = () => undefined;
      };
    },
    tokenize: async () => ({ offsets: [], types: [] }),
    dropFile: async (name) => {
      calls.push(`drop file ${name}`);
    },
    terminate: async () => undefined,
  };
  return { database, connection, calls, report: (fraction: number) => report(fraction) };
}

describe('an uploaded CSV read by DuckDB in place', () => {
  it('reports progress that only goes forward, and a Cancel stops it and leaves nothing', async () => {
    const { database, connection, calls, report } = slowDatabase();
    const stop = new AbortController();
    const heard: number[] = [];
    const loading = readCsvFile(database, connection, {
      table: 'big',
      format: 'csv',
      data: new Blob(['a,b\n1,2\n']),
      fileName: '/mapwright-uploads/1.csv',
      signal: stop.signal,
      onProgress: (fraction) => heard.push(fraction),
      compressed: true,
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    report(0.25);
    report(0.1);
    report(0.5);
    const reason = new DOMException('Cancelled.', 'AbortError');
    stop.abort(reason);
    await expect(loading).rejects.toBe(reason);
    expect(heard).toEqual([0.25, 0.5]);
    expect(calls).toEqual([
      'handle /mapwright-uploads/1.csv',
      'send CREATE TABLE "mapwright_uploads".main."b',
      'cancel',
      'query SELECT table_type FROM information_schem',
      'query DROP TABLE IF EXISTS main."big"',
      'query DROP TABLE IF EXISTS "mapwright_uploads"',
      'progress stopped',
      'drop file /mapwright-uploads/1.csv',
    ]);
  });
});
