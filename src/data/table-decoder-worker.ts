// A worker that turns Parquet, Arrow, GeoJSON and JSON table files into Arrow IPC streams. Decoding
// runs on the thread that calls it: on the page's thread a 3M-row Parquet file froze the chat and the
// map for half a second or more while a table loaded in the background, and an 18 MB GeoJSON upload
// for 0.7 s. Each request is `{ id, format, table, bytes }`; each answer `{ id, ipc }` with the stream's
// buffer transferred, or `{ id, error }` with the sentence the decoder threw.
import initParquet, { readParquet } from 'parquet-wasm/esm';
import parquetWasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import { decodeToArrowIpc, type DecodedFormat } from './decode-table-file';

/** A request to the worker. */
export interface DecodeRequest {
  id: number;
  format: DecodedFormat | 'parquet';
  /** The table's name, for error messages. */
  table: string;
  bytes: Uint8Array;
}

/** The worker's answer to one request. */
export type DecodeAnswer = { id: number; ipc: Uint8Array } | { id: number; error: string };

let parquetReady: Promise<unknown> | undefined;

async function decode({ format, table, bytes }: DecodeRequest): Promise<Uint8Array> {
  if (format !== 'parquet') return decodeToArrowIpc(format, table, bytes);
  parquetReady ??= initParquet({ module_or_path: parquetWasmUrl });
  await parquetReady;
  return readParquet(bytes).intoIPCStream();
}

self.addEventListener('message', (event: MessageEvent<DecodeRequest>) => {
  const { id } = event.data;
  decode(event.data).then(
    (ipc) => {
      const answer: DecodeAnswer = { id, ipc };
      self.postMessage(answer, { transfer: [ipc.buffer] });
    },
    (error: unknown) => {
      const answer: DecodeAnswer = {
        id,
        error: error instanceof Error ? error.message : String(error),
      };
      self.postMessage(answer);
    },
  );
});
