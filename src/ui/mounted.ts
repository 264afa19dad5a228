// One lifecycle for every piece put on the page, as MapLibre's controls have onAdd/onRemove: a mount
// returns `{ destroy() }`, and destroy takes away everything the piece made (its elements, listeners,
// timers, observers, workers and subscriptions).

/** A piece on the page; `destroy()` removes it and all it holds, and may be called more than once. */
export interface Mounted {
  destroy(): void;
}

/** A subscription's stop function (what `subscribe` and `onChange` return) as a piece to destroy. */
export function mounted(stop: () => void): Mounted {
  let stopped = false;
  return {
    destroy: () => {
      if (stopped) return;
      stopped = true;
      stop();
    },
  };
}

/** The pieces one mount is made of, destroyed together, the last added first. */
export class MountedPieces implements Mounted {
  private readonly pieces: Mounted[] = [];
  private destroyed = false;

  /** Adds `piece` (destroyed at once when the whole is already gone) and returns it. */
  add<T extends Mounted>(piece: T): T {
    if (this.destroyed) piece.destroy();
    else this.pieces.push(piece);
    return piece;
  }

  /** Settles after `ms`; its timer is one of the pieces (destroyed first, it never settles). */
  delay(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const id = setTimeout(resolve, ms);
      this.add({ destroy: () => clearTimeout(id) });
    });
  }

  /** Whether `destroy()` has run: what arrives after it is destroyed as it arrives. */
  get isDestroyed(): boolean {
    return this.destroyed;
  }

  destroy(): void {
    this.destroyed = true;
    for (const piece of this.pieces.splice(0).reverse()) piece.destroy();
  }
}
