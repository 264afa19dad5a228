// Batches DOM work to animation frames: many deltas in one frame cost one render.

/** Something that renders its pending changes when a frame comes. */
export interface FrameTask {
  renderFrame(): void;
}

/** Runs each scheduled task at most once per animation frame. */
export class FrameScheduler {
  private readonly pending = new Set<FrameTask>();
  private frame: number | undefined;

  constructor(
    private readonly request: (callback: () => void) => number = (callback) =>
      window.requestAnimationFrame(callback),
  ) {}

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
    this.frame = undefined;
    const tasks = [...this.pending];
    this.pending.clear();
    for (const task of tasks) task.renderFrame();
  }
}
