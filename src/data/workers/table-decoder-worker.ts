// A worker that turns Parquet, Arrow, GeoJSON and JSON table files into Arrow IPC streams, and reads
// uploads for their map layers. Decoding runs on the thread that calls it: on the page's thread a
// 3M-row Parquet file froze the chat and the map for half a second or more while a table loaded in the
// background, and an 18 MB GeoJSON upload for 0.7 s (its table) and 0.4 s more (its layer).
// Each request is one of DecoderRequest; each answer `{ id, ipc }` (a decoded table) or `{ id, value }`
// (the rest), buffers transferred, or `{ id, error }` with the sentence the decoder threw.
import initParquet, { ParquetFile, readParquet } from 'parquet-wasm/esm';
import parquetWasmUrl from 'parquet-wasm/esm/parquet_wasm_bg.wasm?url';
import { errorMessage } from '../../errors/error-message';
import { footerLength, rowGroupStatistics } from '../parquet/parquet-footer-statistics';
import { HeldLayers } from '../upload-files/held-layers';
import { decodeToArrowIpc } from './decode-table-file';
import { guardWorkerNetwork } from './duckdb-worker-network';
import type { DecodedFormat, RemoteParquetAnswer } from '../duckdb-wasm-types';
import type { RowGroupStatistics } from '../parquet/parquet-footer-statistics';
import type { LayerFileFormat } from '../upload-files/upload-layer-file';

/** A request to decode a table file. */
export interface DecodeRequest {
  id: number;
  kind?: 'decode';
  format: DecodedFormat | 'parquet';
  /** The table's name, for error messages. */
  table: string;
  /** The file's bytes, or the file itself (read here, so the page never holds its bytes). */
  bytes: Uint8Array | Blob;
}

/**
 * A request about an upload's layer: read a file and hold its features (answers its summary), cut a
 * tile of it (answers the tile's bytes, or null when empty), send its features (for a join), let it
 * go, or count the layers held (for tests: a removed upload must not stay here).
 */
export type LayerRequest =
  | {
      id: number;
      kind: 'layer';
      layerId: string;
      tileLayer: string;
      format: LayerFileFormat;
      bytes: Uint8Array | Blob;
    }
  | { id: number; kind: 'tile'; layerId: string; z: number; x: number; y: number }
  | { id: number; kind: 'features'; layerId: string }
  | { id: number; kind: 'release'; layerId: string }
  | { id: number; kind: 'held' };

/**
 * A request about a remote Parquet file read by HTTP range: without `columns`, its row count and its
 * schema (an Arrow IPC stream of no rows, from the footer alone); with them, those columns' values.
 * `allowedOrigins` are the page's data hosts: this worker reaches no other.
 */
export interface RemoteParquetRequest {
  id: number;
  kind: 'remote-parquet';
  url: string;
  allowedOrigins: string[];
  columns?: string[];
  /** Only these row groups' chunks (every row group without). */
  rowGroups?: number[];
}

/** Any request to the worker. */
export type DecoderRequest = DecodeRequest | LayerRequest | RemoteParquetRequest;

/** The worker's answer to one request. */
export type DecodeAnswer =
  { id: number; ipc: Uint8Array } | { id: number; value: unknown } | { id: number; error: string };

let parquetReady: Promise<unknown> | undefined;
const held = new HeldLayers();

/** The bytes of a file given as a Blob, read on this thread (the page's stays free). */
async function bytesOf(data: Uint8Array | Blob): Promise<Uint8Array> {
  return data instanceof Uint8Array ? data : new Uint8Array(await data.arrayBuffer());
}

async function decode(request: DecodeRequest): Promise<Uint8Array> {
  const { format, table } = request;
  const bytes = await bytesOf(request.bytes);
  if (format !== 'parquet') return decodeToArrowIpc(format, table, bytes);
  parquetReady ??= initParquet({ module_or_path: parquetWasmUrl });
  await parquetReady;
  return readParquet(bytes).intoIPCStream();
}

let networkGuarded = false;
/** A remote Parquet file opened here: parquet-wasm's reader, and its row groups' value ranges. */
interface RemoteFile {
  file: ParquetFile;
  rowGroups?: RowGroupStatistics[];
}

/** Remote Parquet files opened here (their footers read), by URL, while this worker lives. */
const remoteFiles = new Map<string, Promise<RemoteFile>>();

/**
 * Opens a remote Parquet file. A failed request inside parquet-wasm's reader (a refused redirect, a
 * host that is down) aborts its WebAssembly and takes the worker with it, so the file's last bytes
 * are asked for here first, through the same guard: a refusal or an HTTP error is then a sentence.
 * Those bytes give the footer's length; the footer is read here once more for its statistics, which
 * parquet-wasm does not expose.
 */
async function openRemoteParquet(url: string): Promise<RemoteFile> {
  const probe = await fetch(url, { headers: { range: 'bytes=-8' } });
  const tail = new Uint8Array(await probe.arrayBuffer());
  if (!probe.ok) {
    throw new Error(`Could not read ${url}: HTTP ${probe.status}. Check the dataset url.`);
  }
  parquetReady ??= initParquet({ module_or_path: parquetWasmUrl });
  await parquetReady;
  const file = await ParquetFile.fromUrl(url);
  return { file, rowGroups: await footerStatistics(url, tail).catch(() => undefined) };
}

/** The row groups' value ranges from the footer `tail` (the file's last bytes) gives the length of. */
async function footerStatistics(url: string, tail: Uint8Array): Promise<RowGroupStatistics[]> {
  const length = footerLength(tail.subarray(tail.length - 8));
  const answer = await fetch(url, { headers: { range: `bytes=-${length + 8}` } });
  const bytes = new Uint8Array(await answer.arrayBuffer());
  if (!answer.ok || bytes.length < length + 8) throw new Error('No footer');
  return rowGroupStatistics(bytes.subarray(bytes.length - 8 - length, bytes.length - 8));
}

async function readRemoteParquet(request: RemoteParquetRequest): Promise<RemoteParquetAnswer> {
  // The same host checks as DuckDB's worker: only the data hosts, and no answer from a redirect elsewhere.
  if (!networkGuarded) guardWorkerNetwork(self, request.allowedOrigins);
  networkGuarded = true;
  let opening = remoteFiles.get(request.url);
  if (!opening) {
    opening = openRemoteParquet(request.url);
    remoteFiles.set(request.url, opening);
    opening.catch(() => remoteFiles.delete(request.url));
  }
  const { file, rowGroups } = await opening;
  const numRows = file.metadata().fileMetadata().numRows();
  if (request.columns === undefined)
    return { numRows, ipc: file.schema().intoIPCStream(), ...(rowGroups ? { rowGroups } : {}) };
  const table = await file.read({
    columns: request.columns,
    concurrency: 4,
    ...(request.rowGroups ? { rowGroups: request.rowGroups } : {}),
  });
  return { numRows, ipc: table.intoIPCStream() };
}

async function answerLayer(request: LayerRequest): Promise<unknown> {
  switch (request.kind) {
    case 'layer':
      return held.read(
        request.layerId,
        request.tileLayer,
        request.format,
        await bytesOf(request.bytes),
      );
    case 'tile':
      return held.tile(request.layerId, request.z, request.x, request.y) ?? null;
    case 'features':
      return held.features(request.layerId);
    case 'release':
      held.release(request.layerId);
      return true;
    case 'held':
      return held.count;
  }
}

function isDecodeRequest(request: DecoderRequest): request is DecodeRequest {
  return request.kind === undefined || request.kind === 'decode';
}

function fail(id: number, error: unknown): void {
  const answer: DecodeAnswer = {
    id,
    error: errorMessage(error),
  };
  self.postMessage(answer);
}

self.addEventListener('message', (event: MessageEvent<DecoderRequest>) => {
  const request = event.data;
  const { id } = request;
  if (request.kind === 'remote-parquet') {
    readRemoteParquet(request).then(
      (value) => {
        const answer: DecodeAnswer = { id, value };
        self.postMessage(answer, { transfer: [value.ipc.buffer] });
      },
      (error: unknown) => fail(id, error),
    );
    return;
  }
  if (isDecodeRequest(request)) {
    decode(request).then(
      (ipc) => {
        const answer: DecodeAnswer = { id, ipc };
        self.postMessage(answer, { transfer: [ipc.buffer] });
      },
      (error: unknown) => fail(id, error),
    );
    return;
  }
  answerLayer(request).then(
    (value) => {
      const answer: DecodeAnswer = { id, value };
      self.postMessage(answer, { transfer: value instanceof Uint8Array ? [value.buffer] : [] });
      // The summary went first, so the page adds the layer while its tiles are cut here (the first
      // tile request waits behind this either way).
      if (request.kind === 'layer') {
        const { layerId } = request;
        setTimeout(() => held.prepare(layerId), 0);
      }
    },
    (error: unknown) => fail(id, error),
  );
});
