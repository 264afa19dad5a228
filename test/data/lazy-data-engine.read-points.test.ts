// A big layer's points are read as soon as its own table is there: a new upload's table (loaded, not
// declared) does not wait for the bundled tables still loading, and a declared one waits for itself.
import { describe, expect, it } from 'vitest';
import { LazyDataEngine } from '../../src/data/lazy-data-engine';
import type { DataEngine, PointSource, TableSource } from '../../src/data/data-engine';

/** An engine whose load of `gated` waits until `release` is called; points are read from nothing. */
function gatedEngine(gated: string) {
  let release = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  const loaded = new Set<string>();
  const engine: DataEngine = {
    load: async (source: TableSource) => {
      if (source.table === gated) await opened;
      loaded.add(source.table);
    },
    listTables: async () => [...loaded],
    describe: async () => {
      throw new Error('not used');
    },
    query: async () => ({ columns: [], rows: [], totalRows: 0, truncated: false, elapsedMs: 0 }),
    close: async () => {},
    drop: async () => {},
    readPoints: async (source: PointSource) => {
      if (!loaded.has(source.table)) throw new Error(`no table ${source.table}`);
      return {
        longitudes: new Float64Array([1]),
        latitudes: new Float64Array([2]),
        bounds: [1, 2, 1, 2],
      };
    },
  };
  return { engine, release };
}

const columns = { longitude: 'lon', latitude: 'lat' };

describe("reading a table's points through the lazy engine", () => {
  it('reads a loaded table while a declared one is still loading', async () => {
    const { engine, release } = gatedEngine('flights');
    const lazy = new LazyDataEngine(() => engine, [{ table: 'flights', format: 'csv', url: 'x' }]);
    await lazy.load({ table: 'upload', format: 'csv', bytes: new Uint8Array() });
    const points = await Promise.race([
      lazy.readPoints({ table: 'upload', ...columns }),
      new Promise((resolve) => setTimeout(() => resolve('waited'), 500)),
    ]);
    expect(points).toMatchObject({ bounds: [1, 2, 1, 2] });
    release();
    await lazy.close();
  });

  it('waits for a declared table to load before reading its points', async () => {
    const { engine, release } = gatedEngine('flights');
    const lazy = new LazyDataEngine(() => engine, [{ table: 'flights', format: 'csv', url: 'x' }]);
    const reading = lazy.readPoints({ table: 'flights', ...columns });
    setTimeout(release, 50);
    expect((await reading).longitudes[0]).toBe(1);
    await lazy.close();
  });
});
