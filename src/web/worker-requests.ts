// Numbered requests to a worker and the promises its answers settle: the one request/reply client of
// the page's workers (the table decoder's, the point tiler's). The worker answers `{ id, value }` or
// `{ id, error }`; a worker that fails fails every request still waiting and is terminated.

/** An answer from the worker: the request's id, then its value or an error's message. */
export type WorkerAnswer = { id: number } & ({ value: unknown } | { error: string } | object);

/** What the client is told of the worker's life. */
export interface WorkerRequestsOptions {
  /** The value of an answer that is not an error (default: its `value`). */
  answerValue?(answer: WorkerAnswer): unknown;
  /** Opens the message a failed worker's requests are rejected with ("…: reason"). */
  failure: string;
  /** After each answer (the client may let an idle worker go). */
  answered?(): void;
  /** After the worker failed and was terminated. */
  failed?(): void;
}

interface Waiting {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** The requests waiting on one worker. */
export class WorkerRequests<Body extends object> {
  private readonly waiting = new Map<number, Waiting>();
  private requests = 0;

  constructor(
    readonly worker: Worker,
    options: WorkerRequestsOptions,
  ) {
    const answerValue = options.answerValue ?? ((answer) => (answer as { value?: unknown }).value);
    worker.addEventListener('message', (event: MessageEvent<WorkerAnswer>) => {
      const request = this.waiting.get(event.data.id);
      this.waiting.delete(event.data.id);
      if ('error' in event.data && typeof event.data.error === 'string')
        request?.reject(new Error(event.data.error));
      else request?.resolve(answerValue(event.data));
      options.answered?.();
    });
    worker.addEventListener('error', (event) => {
      event.preventDefault();
      this.rejectAll(new Error(`${options.failure}: ${event.message || 'no reason given'}`));
      worker.terminate();
      options.failed?.();
    });
  }

  /** How many requests wait for their answer. */
  get pending(): number {
    return this.waiting.size;
  }

  /** Sends `body` with a fresh id (transferring `transfer`) and settles with its answer. */
  ask<Answer>(body: Body, transfer: Transferable[] = []): Promise<Answer> {
    const id = ++this.requests;
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.postMessage({ ...body, id }, transfer);
    });
  }

  /** Settles every waiting request with `value` (the worker is being let go on purpose). */
  resolveAll(value: unknown): void {
    for (const request of this.waiting.values()) request.resolve(value);
    this.waiting.clear();
  }

  /** Fails every waiting request with `error`. */
  rejectAll(error: Error): void {
    for (const request of this.waiting.values()) request.reject(error);
    this.waiting.clear();
  }
}
