// A buffered async stream of one run's events: the UI may start reading after events were sent.

/** An AsyncIterable fed by `push` and ended by `close`. Events are buffered until read. */
export class EventChannel<T> implements AsyncIterable<T> {
  private readonly buffer: T[] = [];
  private readonly waiting: Array<(result: IteratorResult<T>) => void> = [];
  private closed = false;

  /** Adds an event (ignored after `close`). */
  push(item: T): void {
    if (this.closed) return;
    const reader = this.waiting.shift();
    if (reader) reader({ value: item, done: false });
    else this.buffer.push(item);
  }

  /** Ends the stream once the buffered events are read. */
  close(): void {
    this.closed = true;
    for (const reader of this.waiting.splice(0)) reader({ value: undefined, done: true });
  }

  [Symbol.asyncIterator](): AsyncIterator<T> {
    return {
      next: () => {
        const item = this.buffer.shift();
        if (item !== undefined) return Promise.resolve({ value: item, done: false });
        if (this.closed) return Promise.resolve({ value: undefined, done: true });
        return new Promise((resolve) => this.waiting.push(resolve));
      },
    };
  }
}
