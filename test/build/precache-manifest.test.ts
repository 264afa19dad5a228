import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precacheManifest, writePrecacheManifest } from '../../scripts/publish/precache-manifest';

describe('the offline file list written into sw.js', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-precache-'));
    await mkdir(join(folder, 'assets'));
    await mkdir(join(folder, 'data'));
    await writeFile(join(folder, 'index.html'), '<!doctype html>');
    await writeFile(join(folder, 'app-config.json'), '{"title":"A"}');
    await writeFile(join(folder, '_headers'), '/*\n  X-Content-Type-Options: nosniff\n');
    await writeFile(join(folder, 'assets', 'duckdb-eh-abc.wasm'), 'eh');
    await writeFile(join(folder, 'assets', 'duckdb-mvp-abc.wasm'), 'mvp');
    await writeFile(join(folder, 'assets', 'duckdb-browser-mvp.worker-abc.js'), 'mvp worker');
    await writeFile(join(folder, 'data', 'airports.csv'), 'iata\nSFO\n');
    await writeFile(join(folder, 'sw.js'), '(function(){})();\n');
  });
  afterEach(() => rm(folder, { recursive: true, force: true }));

  it('lists every file a page fetches, with its hash; the host file and the worker are left out', () => {
    const { files } = precacheManifest(folder);
    expect(files.map((file) => file.url)).toEqual([
      'app-config.json',
      'assets/duckdb-browser-mvp.worker-abc.js',
      'assets/duckdb-eh-abc.wasm',
      'assets/duckdb-mvp-abc.wasm',
      'data/airports.csv',
      'index.html',
    ]);
    expect(files.find((file) => file.url === 'data/airports.csv')?.sha256).toMatch(
      /^[0-9a-f]{64}$/,
    );
  });

  it('leaves out the embed module’s type declarations, which no page fetches', async () => {
    await mkdir(join(folder, 'types', 'agent'), { recursive: true });
    await writeFile(join(folder, 'types', 'mapwright.d.ts'), 'export {};');
    await writeFile(join(folder, 'types', 'agent', 'agent.d.ts'), 'export {};');
    await mkdir(join(folder, 'data', 'types'));
    await writeFile(join(folder, 'data', 'types', 'kinds.csv'), 'kind\n');
    const urls = precacheManifest(folder).files.map((file) => file.url);
    expect(urls.filter((url) => url.includes('types'))).toEqual(['data/types/kinds.csv']);
  });

  it('keeps the DuckDB build for browsers without WebAssembly exceptions for first use only', () => {
    const lazy = precacheManifest(folder)
      .files.filter((file) => file.lazy)
      .map((file) => file.url);
    expect(lazy).toEqual(['assets/duckdb-browser-mvp.worker-abc.js', 'assets/duckdb-mvp-abc.wasm']);
  });

  it('a changed file gives a new version; rewriting keeps the worker code under one manifest line', async () => {
    const first = writePrecacheManifest(folder);
    await writeFile(join(folder, 'app-config.json'), '{"title":"B"}');
    const second = writePrecacheManifest(folder);
    expect(second.version).not.toBe(first.version);
    const lines = (await readFile(join(folder, 'sw.js'), 'utf8')).split('\n');
    expect(lines[0]).toBe(`self.mapwrightPrecache = ${JSON.stringify(second)};`);
    expect(lines.slice(1).join('\n')).toBe('(function(){})();\n');
  });

  it('a changed _headers (a new policy, same files) gives a new version and a new headers stamp', async () => {
    const first = precacheManifest(folder);
    expect(first.headers).toMatch(/^[0-9a-f]{16}$/);
    await writeFile(
      join(folder, '_headers'),
      "/*\n  Content-Security-Policy: frame-ancestors 'none'\n",
    );
    const second = precacheManifest(folder);
    expect(second.files).toEqual(first.files);
    expect(second.headers).not.toBe(first.headers);
    expect(second.version).not.toBe(first.version);
  });

  it('says to build first when there is no sw.js', async () => {
    await rm(join(folder, 'sw.js'));
    expect(() => writePrecacheManifest(folder)).toThrow(/build the app/);
  });
});
