// The table decoder's worker run in the test's own thread: its real module listens on a stand-in
// `self`, and a stand-in Worker carries messages both ways as a browser does (structured clones,
// delivered later, never in the sender's call).
import { vi } from 'vitest';

/** The worker's global scope as its module sees it. */
class WorkerScope extends EventTarget {
  page: InProcessWorker | undefined;
  postMessage(data: unknown, options?: { transfer?: Transferable[] }): void {
    const copy = structuredClone(data, options);
    queueMicrotask(() => this.page?.dispatchEvent(new MessageEvent('message', { data: copy })));
  }
}

/** The page's Worker: what it is sent goes to the worker module, unless it has been terminated. */
export class InProcessWorker extends EventTarget {
  static made: InProcessWorker[] = [];
  static scope: WorkerScope | undefined;
  readonly sent: { kind?: string }[] = [];
  terminated = false;

  constructor(readonly url: URL | string) {
    super();
    InProcessWorker.made.push(this);
    InProcessWorker.scope!.page = this;
  }

  postMessage(data: { kind?: string }, transfer: Transferable[] = []): void {
    if (this.terminated) return;
    this.sent.push(data);
    const copy = structuredClone(data, { transfer });
    queueMicrotask(() =>
      InProcessWorker.scope?.dispatchEvent(new MessageEvent('message', { data: copy })),
    );
  }

  terminate(): void {
    this.terminated = true;
  }
}

/** Loads a fresh worker module on a fresh scope and makes `Worker` the in-process one. */
export async function startInProcessWorker(): Promise<void> {
  InProcessWorker.made = [];
  InProcessWorker.scope = new WorkerScope();
  vi.stubGlobal('self', InProcessWorker.scope);
  vi.stubGlobal('Worker', InProcessWorker);
  vi.resetModules();
  await import('../../src/data/workers/table-decoder-worker');
}
