// A CSV file written a chunk at a time: straight to a file the person picks where the browser can
// (the File System Access API), otherwise into a Blob built from the encoded chunks, never one string.
import { csvHeader, csvLines } from './result-data';
import type { TableRow } from './result-row-source';

/** Where the chunks of a file go. */
export interface FileSink {
  write(chunk: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}

interface WritableFile {
  write(data: string): Promise<void>;
  close(): Promise<void>;
  abort(): Promise<void>;
}
interface SaveFilePicker {
  (options: {
    suggestedName: string;
    types: { description: string; accept: Record<string, string[]> }[];
  }): Promise<{ createWritable(): Promise<WritableFile> }>;
}

function savePicker(): SaveFilePicker | undefined {
  const picker: unknown = Reflect.get(globalThis, 'showSaveFilePicker');
  return typeof picker === 'function' ? (picker as SaveFilePicker) : undefined;
}

/** A sink that gathers encoded chunks and hands the Blob they make to `save` on close. */
export function blobSink(type: string, save: (blob: Blob) => void): FileSink {
  const encoder = new TextEncoder();
  let parts: BlobPart[] = [];
  return {
    write: (chunk) => {
      parts.push(encoder.encode(chunk));
      return Promise.resolve();
    },
    close: () => {
      save(new Blob(parts, { type }));
      parts = [];
      return Promise.resolve();
    },
    abort: () => {
      parts = [];
      return Promise.resolve();
    },
  };
}

/**
 * A sink for a CSV file named `fileName`: a file the person picks, or a Blob `save` downloads when the
 * browser has no picker. Undefined when the person closed the picker.
 */
export async function openCsvSink(
  fileName: string,
  save: (blob: Blob) => void,
): Promise<FileSink | undefined> {
  const picker = savePicker();
  if (!picker) return blobSink('text/csv', save);
  try {
    const handle = await picker({
      suggestedName: fileName,
      types: [{ description: 'CSV file', accept: { 'text/csv': ['.csv'] } }],
    });
    return await handle.createWritable();
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return undefined;
    throw error;
  }
}

/** Writes a header and every chunk of rows to `sink` as CSV; `onRows` hears the rows written so far. */
export async function writeCsv(
  sink: FileSink,
  columns: readonly string[],
  chunks: AsyncIterable<readonly TableRow[]>,
  onRows: (written: number) => void = () => undefined,
): Promise<number> {
  let written = 0;
  try {
    await sink.write(csvHeader(columns));
    for await (const rows of chunks) {
      await sink.write(csvLines(columns, rows));
      written += rows.length;
      onRows(written);
    }
    await sink.close();
    return written;
  } catch (error) {
    await sink.abort().catch(() => undefined);
    throw error;
  }
}
