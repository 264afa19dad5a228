// The page's side of the table decoder's worker (src/data/workers/table-decoder-worker.ts): one worker for table
// files and uploads' layers, started on the first request and let go once it has nothing to do and
// holds no layer. No DuckDB here, so an upload's layer does not load DuckDB's module.
import { startModuleWorker } from '../../web/start-module-worker';
import { WorkerRequests } from '../../web/worker-requests';
import decoderWorkerUrl from './table-decoder-worker?worker&url';
import type { DecoderRequest } from './table-decoder-worker';

/** A request without its id (the client numbers them). */
export type DecoderRequestBody = DecoderRequest extends infer Request
  ? Request extends DecoderRequest
    ? Omit<Request, 'id'>
    : never
  : never;

let decoder: WorkerRequests<DecoderRequestBody> | undefined;
/** The layers the worker holds: while it holds any, it stays (their tiles are cut there). */
const heldLayers = new Set<string>();
/** Told which held layers went with a worker that failed. */
const lostListeners = new Set<(layerIds: string[]) => void>();

/**
 * Calls `listener` with the ids of the layers a failed worker held (their tiles now come back empty),
 * so the page can say so; returns a function that stops it.
 */
export function onHeldLayersLost(listener: (layerIds: string[]) => void): () => void {
  lostListeners.add(listener);
  return () => lostListeners.delete(listener);
}

/** The table decoder's worker, started on the first request. */
function startDecoder(): WorkerRequests<DecoderRequestBody> {
  // Started from its URL (through a blob when an embed's scripts are on another origin).
  const started: WorkerRequests<DecoderRequestBody> = new WorkerRequests(
    startModuleWorker(decoderWorkerUrl),
    {
      answerValue: (answer) =>
        'ipc' in answer ? answer.ipc : (answer as { value?: unknown }).value,
      answered: () => {
        if (started.pending === 0) stopDecoderWhenIdle(started);
      },
      // A worker that cannot start fails what waits on it; the next file starts a new one.
      failure: 'The file reader could not start',
      failed: () => {
        const lost = [...heldLayers];
        heldLayers.clear();
        if (lost.length > 0) for (const listener of lostListeners) listener(lost);
        if (decoder === started) decoder = undefined;
      },
    },
  );
  return started;
}

let idleTimer: ReturnType<typeof setTimeout> | undefined;

/**
 * WebAssembly memory never shrinks: after the 3M-row flights file parquet-wasm's instance holds 444 MB
 * (docs/performance.md) for as long as it lives. The worker goes once it has had nothing
 * to do for a while and holds no upload's layer, and the memory with it; the next file starts a new
 * one (tens of milliseconds).
 */
function stopDecoderWhenIdle(requests: WorkerRequests<DecoderRequestBody>): void {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    if (decoder !== requests || requests.pending > 0 || heldLayers.size > 0) return;
    requests.worker.terminate();
    decoder = undefined;
  }, decoderIdleMs);
}

/** How long the decoder's worker lives with nothing to do, in milliseconds. */
const decoderIdleMs = 10_000;

/** Sends `body` to the worker (transferring `transfer`) and settles with its answer. */
export function askDecoder<Answer>(
  body: DecoderRequestBody,
  transfer: Transferable[] = [],
): Promise<Answer> {
  clearTimeout(idleTimer);
  decoder ??= startDecoder();
  return decoder.ask<Answer>(body, transfer);
}

/** How many uploads' layers the worker holds (0 when it is not running), for tests. */
export async function heldLayerCount(): Promise<number> {
  return decoder ? askDecoder<number>({ kind: 'held' }) : 0;
}

/** Notes that the worker holds (or no longer holds) a layer, which keeps it alive. */
export function markLayerHeld(layerId: string, isHeld: boolean): void {
  if (isHeld) heldLayers.add(layerId);
  else heldLayers.delete(layerId);
  if (!isHeld && heldLayers.size === 0 && decoder?.pending === 0) stopDecoderWhenIdle(decoder);
}
