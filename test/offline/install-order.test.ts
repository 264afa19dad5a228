import { describe, expect, it } from 'vitest';
import { installOrder } from '../../src/offline/install-order';
import type { PrecacheEntry } from '../../src/offline/precache-manifest';

const entry = (url: string, lazy = false): PrecacheEntry => ({
  url,
  sha256: '0'.repeat(64),
  size: 1,
  ...(lazy ? { lazy } : {}),
});

describe('the order the offline copy downloads a build in', () => {
  it('takes the shell first, the bundled data next and the rest (WebAssembly) last', () => {
    const order = installOrder([
      entry('app-config.json'),
      entry('assets/duckdb-eh-abc.wasm'),
      entry('assets/duckdb-mvp-abc.wasm', true),
      entry('assets/main-abc.js'),
      entry('assets/maplibre-gl-worker-abc.mjs'),
      entry('data/airports.csv'),
      entry('data/tiles/airports.pmtiles'),
      entry('index.html'),
      entry('mapwright.css'),
    ]).map((file) => file.url);
    expect(order).toEqual([
      'app-config.json',
      'assets/main-abc.js',
      'assets/maplibre-gl-worker-abc.mjs',
      'index.html',
      'mapwright.css',
      'data/airports.csv',
      'data/tiles/airports.pmtiles',
      'assets/duckdb-eh-abc.wasm',
    ]);
  });
});
