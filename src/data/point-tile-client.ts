// The page's side of the point tile worker (src/data/point-tile-worker.ts): started when a big point
// layer is first drawn, let go when it holds none. The coordinates are transferred, never copied.
import type { PointTileAnswer, PointTileRequest } from './point-tile-worker';

/** A big point layer held in the worker: its tiles, asked for one at a time. */
export interface HeldPoints {
  /** Points with a place on the map (others were left out). */
  count: number;
  /** The tile's vector tile bytes, or undefined when no point falls in it (or the worker failed). */
  tile(z: number, x: number, y: number): Promise<Uint8Array | undefined>;
  /** Lets the worker forget the points (the layer was removed or replaced). */
  release(): void;
}

type RequestBody = PointTileRequest extends infer Request
  ? Request extends PointTileRequest
    ? Omit<Request, 'id'>
    : never
  : never;

let worker: Worker | undefined;
let requests = 0;
let layers = 0;
const waiting = new Map<
  number,
  { resolve: (value: unknown) => void; reject: (error: Error) => void }
>();
const held = new Set<string>();

function startWorker(): Worker {
  const started = new Worker(new URL('./point-tile-worker.ts', import.meta.url), {
    type: 'module',
  });
  started.addEventListener('message', (event: MessageEvent<PointTileAnswer>) => {
    const request = waiting.get(event.data.id);
    waiting.delete(event.data.id);
    if ('value' in event.data) request?.resolve(event.data.value);
    else request?.reject(new Error(event.data.error));
  });
  // A worker that failed (out of memory, say) takes its layers with it: their tiles come back empty.
  started.addEventListener('error', (event) => {
    event.preventDefault();
    const reason = `The map's point tiler stopped: ${event.message || 'no reason given'}`;
    for (const request of waiting.values()) request.reject(new Error(reason));
    waiting.clear();
    held.clear();
    started.terminate();
    if (worker === started) worker = undefined;
  });
  return started;
}

function ask<Answer>(body: RequestBody, transfer: Transferable[] = []): Promise<Answer> {
  worker ??= startWorker();
  const target = worker;
  const id = ++requests;
  return new Promise<Answer>((resolve, reject) => {
    waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
    target.postMessage({ ...body, id }, transfer);
  });
}

/**
 * Hands the points to the worker (the arrays are transferred: the caller can no longer read them),
 * which indexes them for tiles whose layer is named `tileLayer`.
 */
export async function holdPoints(
  tileLayer: string,
  longitudes: Float64Array,
  latitudes: Float64Array,
): Promise<HeldPoints> {
  // Each hold apart: a replaced layer's late release must not take its successor's points.
  const layerId = `${tileLayer}#${++layers}`;
  held.add(layerId);
  let count: number;
  try {
    count = await ask<number>({ kind: 'index', layerId, tileLayer, longitudes, latitudes }, [
      longitudes.buffer,
      latitudes.buffer,
    ]);
  } catch (error) {
    held.delete(layerId);
    throw error;
  }
  let released = false;
  return {
    count,
    tile: async (z, x, y) => {
      if (released || !held.has(layerId)) return undefined;
      return (await ask<Uint8Array | null>({ kind: 'tile', layerId, z, x, y })) ?? undefined;
    },
    release: () => {
      if (released) return;
      released = true;
      held.delete(layerId);
      if (!worker) return;
      if (held.size === 0) {
        // Nothing left to draw: the worker and its memory go.
        worker.terminate();
        worker = undefined;
        for (const request of waiting.values()) request.resolve(null);
        waiting.clear();
        return;
      }
      void ask({ kind: 'release', layerId }).catch(() => undefined);
    },
  };
}

/** How many big point layers the worker holds (0 when it is not running), for tests. */
export async function heldPointLayerCount(): Promise<number> {
  return worker ? ask<number>({ kind: 'held' }) : 0;
}
