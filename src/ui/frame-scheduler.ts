// Batches DOM work to animation frames: many deltas in one frame cost one render.

/** Something that renders its pending changes when a frame comes. */
export interface FrameTask {
  renderFrame(): void;
}

/** Runs each scheduled task at most once per animation frame. */
export class FrameScheduler {
  private readonly pending = new Set<FrameTask>();
  private frame: number | undefined;

  private readonly request: (callback: () => void) => number;
  private readonly cancel: (frame: number) => void;

  /** Frames from the window's animation frames, or from `request` (and `cancel`, if it has one). */
  constructor(request?: (callback: () => void) => number, cancel?: (frame: number) => void) {
    this.request = request ?? ((callback) => window.requestAnimationFrame(callback));
    this.cancel =
      cancel ?? (request ? () => undefined : (frame) => window.cancelAnimationFrame(frame));
  }

  /** Asks for `task` to render in the next frame. */
  schedule(task: FrameTask): void {
    this.pending.add(task);
    if (this.frame === undefined) this.frame = this.request(() => this.flush());
  }

  /** Renders `task` now (it leaves the next frame's list), for a change a person waits to see. */
  runNow(task: FrameTask): void {
    this.pending.delete(task);
    task.renderFrame();
  }

  /** Renders everything pending now (used before reading the DOM in tests and at turn end). */
  flush(): void {
    // The frame asked for is no longer needed: it would find nothing to render, and outlive its owner.
    if (this.frame !== undefined) this.cancel(this.frame);
    this.frame = undefined;
    const tasks = [...this.pending];
    this.pending.clear();
    for (const task of tasks) task.renderFrame();
  }

  /** Drops what is pending without rendering it: its owner is gone. */
  destroy(): void {
    if (this.frame !== undefined) this.cancel(this.frame);
    this.frame = undefined;
    this.pending.clear();
  }
}
