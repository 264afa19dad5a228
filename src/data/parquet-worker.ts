// A worker that turns Parquet files into Arrow IPC streams with parquet-wasm. Decoding runs on the thread
// that calls it: on the page's thread a 3M-row file froze the chat and the map for half a second or
// more while a table loaded in the background. Each request is `{ id, bytes }`; each answer
// `{ id, ipc }` with the stream's buffer transferred, or `{ id, error }`.
import initParquet, { readParquet } from 'parquet-wasm/esm';
import parquetWasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';

/** A request to the worker. */
export interface ParquetRequest {
  id: number;
  bytes: Uint8Array;
}

/** The worker's answer to one request. */
export type ParquetAnswer = { id: number; ipc: Uint8Array } | { id: number; error: string };

let ready: Promise<unknown> | undefined;

self.addEventListener('message', (event: MessageEvent<ParquetRequest>) => {
  const { id, bytes } = event.data;
  void (async () => {
    try {
      ready ??= initParquet({ module_or_path: parquetWasmUrl });
      await ready;
      const ipc = readParquet(bytes).intoIPCStream();
      const answer: ParquetAnswer = { id, ipc };
      self.postMessage(answer, { transfer: [ipc.buffer] });
    } catch (error) {
      const answer: ParquetAnswer = {
        id,
        error: error instanceof Error ? error.message : String(error),
      };
      self.postMessage(answer);
    }
  })();
});
