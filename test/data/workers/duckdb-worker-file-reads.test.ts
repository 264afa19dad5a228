// DuckDB's worker tells the page how far it has read a large upload: the share of the file up to the
// furthest slice DuckDB took, once per whole percent, never going back; small files say nothing.
import { describe, expect, it } from 'vitest';
import {
  reportFileReads,
  type FileReadProgress,
} from '../../../src/data/workers/duckdb-worker-file-reads';

describe("the share of an upload DuckDB's worker has read", () => {
  it('is posted as DuckDB reads further into a large file, and only then', () => {
    // A class of its own, so the patch stays off this process's Blob.
    class WorkerBlob extends Blob {}
    const posted: FileReadProgress[] = [];
    reportFileReads({ Blob: WorkerBlob }, (message) => posted.push(message));
    const megabyte = 1_000_000;
    const large = new WorkerBlob([new Uint8Array(10 * megabyte)]);
    expect(large.slice(0, 2 * megabyte).size).toBe(2 * megabyte);
    large.slice(2 * megabyte, 4 * megabyte);
    // The CSV sniffer reads the start again: the share does not go back.
    large.slice(0, megabyte);
    large.slice(9 * megabyte, 11 * megabyte);
    new WorkerBlob([new Uint8Array(megabyte)]).slice(0, megabyte / 2);
    expect(posted.map((message) => message.data.percentage)).toEqual([20, 40, 100]);
    expect(posted[0]).toEqual({
      type: 'PROGRESS_UPDATE',
      data: { status: 'in-progress', percentage: 20, repetitions: 0 },
    });
  });
});
