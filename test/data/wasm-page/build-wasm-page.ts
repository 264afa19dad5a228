// Builds the engine page privately (never into dist/) and copies the datasets it reads beside it.
import { copyFile, mkdir } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

/** Data files the page can fetch from ./data/. */
export const pageDatasets = [
  'airports.csv',
  'flights-3m.parquet',
  'earthquakes.json',
  'unemployment.tsv',
  'flights-200k.arrow',
];

/** Builds the page into `outDir` and returns that folder. */
export async function buildWasmPage(
  outDir = resolve('.e2e-artifacts/d-wasm-page'),
): Promise<string> {
  await build({
    root: here,
    base: './',
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 20_000 },
  });
  await mkdir(join(outDir, 'data'), { recursive: true });
  for (const file of pageDatasets) {
    await copyFile(resolve('node_modules/vega-datasets/data', file), join(outDir, 'data', file));
  }
  return outDir;
}
