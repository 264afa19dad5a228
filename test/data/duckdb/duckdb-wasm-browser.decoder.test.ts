// @vitest-environment jsdom
// The page's table decoder: files go to a worker (a copy, so the caller's bytes stay whole), answers
// and errors come back to the right caller, and the worker is let go once idle, releasing the
// WebAssembly memory parquet-wasm never gives back.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for the browser's Worker: records what it is sent and answers when told. */
class FakeWorker extends EventTarget {
  static made: FakeWorker[] = [];
  readonly sent: { id: number; format: string; table: string; bytes: Uint8Array }[] = [];
  terminated = false;
  constructor(readonly url: URL | string) {
    super();
    FakeWorker.made.push(this);
  }
  postMessage(message: { id: number; format: string; table: string; bytes: Uint8Array }): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(data: unknown): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
}

describe('the table decoder in the page', () => {
  beforeEach(() => {
    FakeWorker.made = [];
    vi.stubGlobal('Worker', FakeWorker);
    vi.useFakeTimers();
    vi.resetModules();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('sends a copy to one worker, answers each caller, and lets the worker go once idle', async () => {
    const { browserWasmRuntime } = await import('../../../src/data/duckdb/duckdb-wasm-browser');
    const bytes = new Uint8Array([1, 2, 3]);
    const first = browserWasmRuntime.decodeToArrowIpc!('geojson', 'places', bytes);
    const second = browserWasmRuntime.parquetToArrowIpc(bytes);
    expect(FakeWorker.made).toHaveLength(1);
    const worker = FakeWorker.made[0]!;
    expect(String(worker.url)).toContain('table-decoder-worker');
    expect(worker.sent.map(({ format, table }) => [format, table])).toEqual([
      ['geojson', 'places'],
      ['parquet', ''],
    ]);
    // The caller keeps its bytes: the worker got a copy.
    expect(worker.sent[0]!.bytes).not.toBe(bytes);
    expect([...bytes]).toEqual([1, 2, 3]);

    worker.answer({ id: worker.sent[1]!.id, error: 'Invalid Parquet file. Corrupt footer' });
    worker.answer({ id: worker.sent[0]!.id, ipc: new Uint8Array([9]) });
    await expect(second).rejects.toThrow('Invalid Parquet file. Corrupt footer');
    expect([...(await first)]).toEqual([9]);

    // Idle for ten seconds: the worker goes, and the next file starts a new one.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(worker.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(worker.terminated).toBe(true);
    void browserWasmRuntime.decodeToArrowIpc!('json', 'rows', bytes);
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('keeps a busy worker: a new file before the idle time is up cancels the goodbye', async () => {
    const { browserWasmRuntime } = await import('../../../src/data/duckdb/duckdb-wasm-browser');
    const bytes = new Uint8Array([1]);
    void browserWasmRuntime.decodeToArrowIpc!('json', 'a', bytes);
    const worker = FakeWorker.made[0]!;
    worker.answer({ id: worker.sent[0]!.id, ipc: new Uint8Array([1]) });
    await vi.advanceTimersByTimeAsync(5_000);
    void browserWasmRuntime.decodeToArrowIpc!('json', 'b', bytes);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(worker.terminated).toBe(false);
    expect(FakeWorker.made).toHaveLength(1);
  });

  it('fails what waits on a worker that cannot start, and starts a new one for the next file', async () => {
    const { browserWasmRuntime } = await import('../../../src/data/duckdb/duckdb-wasm-browser');
    const waiting = browserWasmRuntime.decodeToArrowIpc!('json', 'a', new Uint8Array([1]));
    const worker = FakeWorker.made[0]!;
    const failure = new Event('error') as Event & { message: string };
    failure.message = 'Failed to fetch a worker script.';
    worker.dispatchEvent(failure);
    await expect(waiting).rejects.toThrow(
      'The file reader could not start: Failed to fetch a worker script.',
    );
    expect(worker.terminated).toBe(true);
    void browserWasmRuntime.decodeToArrowIpc!('json', 'b', new Uint8Array([1]));
    expect(FakeWorker.made).toHaveLength(2);
  });
});
