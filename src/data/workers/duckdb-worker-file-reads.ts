// How far DuckDB has read an uploaded file, told from inside its worker. DuckDB-WASM reads a file
// registered with the browser's file reader by slicing it (then FileReaderSync), so the end of the
// furthest slice of each large file is how far the scan got. DuckDB's own progress report cannot be
// used: it calls into JavaScript through `new Function`, which the page's policy forbids (no
// 'unsafe-eval'), and every query then fails. The share read goes to the page as DuckDB's own
// progress message, which AsyncDuckDB passes over quietly and the engine listens for.

/** Files smaller than this are read in one go: no progress worth telling. */
const reportedBytes = 4_000_000;

/** What the page receives: DuckDB-WASM's progress message, its percentage the share of the file read. */
export interface FileReadProgress {
  type: 'PROGRESS_UPDATE';
  data: { status: 'in-progress'; percentage: number; repetitions: number };
}

/**
 * Counts the slices taken of large Blobs in `scope` (DuckDB's worker) and posts the share of each
 * file read so far through `post`, once per whole percent.
 */
export function reportFileReads(
  scope: { Blob: typeof Blob },
  post: (message: FileReadProgress) => void,
): void {
  const slice = scope.Blob.prototype.slice;
  const furthest = new WeakMap<Blob, number>();
  scope.Blob.prototype.slice = function (this: Blob, start?: number, end?: number, type?: string) {
    const part = slice.call(this, start, end, type);
    if (this.size >= reportedBytes) {
      const reached = Math.min(this.size, end ?? this.size);
      const percentage = Math.floor((reached / this.size) * 100);
      if (percentage > (furthest.get(this) ?? -1)) {
        furthest.set(this, percentage);
        post({
          type: 'PROGRESS_UPDATE',
          data: { status: 'in-progress', percentage, repetitions: 0 },
        });
      }
    }
    return part;
  };
}
