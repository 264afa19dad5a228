// The page's side of the point tile worker (src/data/workers/point-tile-worker.ts): started when a big point
// layer is first drawn, let go when it holds none. The coordinates are transferred, never copied.
import { WorkerRequests } from '../../web/worker-requests';
import type { PointTileRequest } from './point-tile-worker';

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

let worker: WorkerRequests<RequestBody> | undefined;
let layers = 0;
const held = new Set<string>();

function startWorker(): WorkerRequests<RequestBody> {
  const started = new WorkerRequests<RequestBody>(
    new Worker(new URL('./point-tile-worker.ts', import.meta.url), { type: 'module' }),
    {
      // A worker that failed (out of memory, say) takes its layers with it: their tiles come back empty.
      failure: "The map's point tiler stopped",
      failed: () => {
        held.clear();
        if (worker === started) worker = undefined;
      },
    },
  );
  return started;
}

function ask<Answer>(body: RequestBody, transfer: Transferable[] = []): Promise<Answer> {
  worker ??= startWorker();
  return worker.ask<Answer>(body, transfer);
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
        worker.worker.terminate();
        worker.resolveAll(null);
        worker = undefined;
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
