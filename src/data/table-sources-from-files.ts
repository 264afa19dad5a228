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

/** Tables for the given files and folders (folders are read one level deep). */
export async function tableSourcesFromPaths(paths: string[]): Promise<TableSource[]> {
  const files: string[] = [];
  for (const path of paths) {
    const full = resolve(path);
    if ((await stat(full)).isDirectory()) {
      for (const entry of (await readdir(full)).sort()) files.push(join(full, entry));
    } else files.push(full);
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
