// The browser bundle must hold no Node-only module: the Node engine and HTTP server stay out of it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildWasmPage } from '../data/wasm-page/build-wasm-page';

const forbidden = [
  '@duckdb/node-api',
  'node:fs',
  'node:http',
  'node:child_process',
  'duckdb-node-engine',
];

function chunksOf(folder: string): string[] {
  const assets = join(folder, 'assets');
  return existsSync(assets)
    ? readdirSync(assets)
        .filter((file) => file.endsWith('.js'))
        .map((file) => join(assets, file))
    : [];
}

describe('the browser bundle', () => {
  let folders: string[] = [];
  beforeAll(async () => {
    folders = [await buildWasmPage(resolve('.e2e-artifacts/d-bundle-check'))];
    // The app build, when one exists (npm test builds dist/ beside the static checks, before the tests).
    const app = process.env.MAPWRIGHT_DIST ?? 'dist';
    if (chunksOf(app).length > 0) folders.push(app);
  }, 120_000);

  it('contains no Node-only module in any chunk', () => {
    const chunks = folders.flatMap(chunksOf);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) {
      const text = readFileSync(chunk, 'utf8');
      for (const name of forbidden) expect(text.includes(name), `${chunk} has ${name}`).toBe(false);
    }
  });
});
