// Node: turns `--data DIR|FILES` into table sources, one table per data file.
import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { tableNameFromFile } from './sql-identifier';
import type { TableSource } from './data-engine';

const formats: Record<string, TableSource['format']> = {
  '.csv': 'csv',
  '.tsv': 'tsv',
  '.parquet': 'parquet',
  '.geojson': 'geojson',
  '.json': 'json',
  '.arrow': 'arrow',
  '.arrows': 'arrow',
  '.feather': 'arrow',
};

/** A `--data` path that is no readable data file or folder; the message is one sentence. */
export class DataPathError extends Error {
  override readonly name = 'DataPathError';
}

/** The sentence for `path` (as given) that could not be read, by the error's code. */
function unreadable(path: string, error: unknown): DataPathError {
  const code = (error as { code?: unknown } | null)?.code;
  const why =
    code === 'ENOENT' || code === 'ENOTDIR'
      ? 'there is no such file or folder'
      : code === 'EACCES' || code === 'EPERM'
        ? 'this user may not read it'
        : `it could not be read (${String(code ?? 'unknown error')})`;
  return new DataPathError(`Cannot serve --data ${path}: ${why}.`, { cause: error });
}

const supported = 'CSV, TSV, Parquet, GeoJSON, JSON or Arrow';

/**
 * Tables for the given files and folders (folders are read one level deep). A path that is a URL, that
 * cannot be read, or a file of a format the server does not read throws a DataPathError.
 */
export async function tableSourcesFromPaths(paths: string[]): Promise<TableSource[]> {
  const files: string[] = [];
  for (const path of paths) {
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(path)) {
      throw new DataPathError(
        `Cannot serve --data ${path}: the SQL server reads local files and folders (${supported}), ` +
          'not a URL or a database connection string.',
      );
    }
    const full = resolve(path);
    try {
      if ((await stat(full)).isDirectory()) {
        for (const entry of (await readdir(full)).sort()) files.push(join(full, entry));
      } else if (formats[extname(full).toLowerCase()]) files.push(full);
      else {
        throw new DataPathError(
          `Cannot serve --data ${path}: the SQL server reads ${supported} files (by their extension).`,
        );
      }
    } catch (error) {
      throw error instanceof DataPathError ? error : unreadable(path, error);
    }
  }
  const sources: TableSource[] = [];
  const taken = new Set<string>();
  for (const file of files) {
    let format = formats[extname(file).toLowerCase()];
    if (!format) continue;
    if (format === 'json') format = await jsonKind(file);
    let table = tableNameFromFile(file);
    for (let suffix = 2; taken.has(table); suffix++) table = `${tableNameFromFile(file)}_${suffix}`;
    taken.add(table);
    sources.push({ table, format, url: file });
  }
  return sources;
}

// A .json file is GeoJSON when it says so near its start; otherwise it should be an array of rows.
async function jsonKind(file: string): Promise<TableSource['format']> {
  const head = (await readFile(file, 'utf8')).slice(0, 200);
  return /"type"\s*:\s*"(FeatureCollection|Feature)"/.test(head) ? 'geojson' : 'json';
}
