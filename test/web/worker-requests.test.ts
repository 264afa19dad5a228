import { describe, expect, it } from 'vitest';
import { WorkerRequests } from '../../src/web/worker-requests';

/** A worker that records what it is sent and answers when the test says. */
class FakeWorker extends EventTarget {
  sent: { id: number; kind: string }[] = [];
  terminated = false;
  postMessage(message: { id: number; kind: string }): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(data: object): void {
    this.dispatchEvent(new MessageEvent('message', { data }));
  }
  fail(message: string): void {
    this.dispatchEvent(Object.assign(new Event('error', { cancelable: true }), { message }));
  }
}

function client(answered?: () => void, failed?: () => void) {
  const worker = new FakeWorker();
  const requests = new WorkerRequests<{ kind: string }>(worker as unknown as Worker, {
    failure: 'The reader stopped',
    answerValue: (answer) => ('ipc' in answer ? answer.ipc : (answer as { value?: unknown }).value),
    answered,
    failed,
  });
  return { worker, requests };
}

describe('WorkerRequests', () => {
  it('settles with the answer’s value when the client names no way to read it (the point tiler)', async () => {
    const worker = new FakeWorker();
    const requests = new WorkerRequests<{ kind: string }>(worker as unknown as Worker, {
      failure: 'The tiler stopped',
    });
    const asked = requests.ask<number[]>({ kind: 'tile' });
    worker.answer({ id: worker.sent[0]!.id, value: [1, 2] });
    await expect(asked).resolves.toEqual([1, 2]);
  });

  it('settles each request with its own answer, whatever order the answers come in', async () => {
    let answers = 0;
    const { worker, requests } = client(() => answers++);
    const first = requests.ask<string>({ kind: 'a' });
    const second = requests.ask<string>({ kind: 'b' });
    expect(worker.sent.map((message) => message.kind)).toEqual(['a', 'b']);
    const [a, b] = worker.sent;
    worker.answer({ id: b!.id, value: 'second' });
    worker.answer({ id: a!.id, ipc: 'first' });
    await expect(first).resolves.toBe('first');
    await expect(second).resolves.toBe('second');
    expect(requests.pending).toBe(0);
    expect(answers).toBe(2);
  });

  it("rejects a request with the worker's error message", async () => {
    const { worker, requests } = client();
    const asked = requests.ask({ kind: 'a' });
    worker.answer({ id: worker.sent[0]!.id, error: 'not a Parquet file' });
    await expect(asked).rejects.toThrow('not a Parquet file');
  });

  it('fails every waiting request when the worker fails, and terminates it', async () => {
    let failed = false;
    const { worker, requests } = client(undefined, () => (failed = true));
    const waiting = [requests.ask({ kind: 'a' }), requests.ask({ kind: 'b' })];
    worker.fail('out of memory');
    for (const request of waiting)
      await expect(request).rejects.toThrow('The reader stopped: out of memory');
    expect(worker.terminated).toBe(true);
    expect(failed).toBe(true);
    expect(requests.pending).toBe(0);
  });
});
