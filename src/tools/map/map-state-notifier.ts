// Tells listeners when what a conversation would save of the map has changed. Shared by MapController
// and FakeMap so both report the same changes: none while a state is being restored (that is the
// saved state coming back, not a change), and no camera change for a move that ended where it began.
import type { CameraState } from './conversation-map-state';
import type { MapStateChange } from './map-port';

/** The listeners of `MapPort.onStateChange`. */
export class MapStateNotifier {
  private readonly listeners = new Set<(change: MapStateChange) => void>();
  private restoring = 0;
  private reportedCamera: string;

  constructor(camera: CameraState) {
    this.reportedCamera = JSON.stringify(camera);
  }

  /** Adds a listener; returns a function that removes it. */
  subscribe(listener: (change: MapStateChange) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A layer was drawn, removed, filtered, styled, shown or hidden. */
  layersChanged(): void {
    this.notify('layers');
  }

  /** The camera stopped at `camera` (a resize also ends a "move" that moved nothing). */
  cameraMoved(camera: CameraState): void {
    const key = JSON.stringify(camera);
    if (key === this.reportedCamera) return;
    this.reportedCamera = key;
    this.notify('camera');
  }

  /** Runs `restore` with notifications held back. */
  async whileRestoring<Value>(restore: () => Promise<Value>): Promise<Value> {
    this.restoring += 1;
    try {
      return await restore();
    } finally {
      this.restoring -= 1;
    }
  }

  /** Removes every listener. */
  clear(): void {
    this.listeners.clear();
  }

  private notify(change: MapStateChange): void {
    if (this.restoring > 0) return;
    for (const listener of this.listeners) listener(change);
  }
}
