// The first query waits only for the tables it names: a question about airports is answered while a big
// table is still loading, and a query of DuckDB's catalog waits for every table.
import { resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { LazyDataEngine } from '../../src/data/lazy-data-engine';
import { countingLazyEngine } from './counting-lazy-engine';
import type { TableSource } from '../../src/data/data-engine';

const airports = resolve('node_modules/vega-datasets/data/airports.csv');

/** A real engine whose load of `gated` waits until `release` is called. */
function gatedEngine(gated: string): { engine: DuckDbNodeEngine; release: () => void } {
  const engine = new DuckDbNodeEngine();
  let release = () => {};
  const opened = new Promise<void>((resolve) => (release = resolve));
  const load = engine.load.bind(engine);
  engine.load = async (source: TableSource) => {
    if (source.table === gated) await opened;
    return load(source);
  };
  return { engine, release };
}

describe('loading declared tables', () => {
  let lazy: LazyDataEngine | undefined;
  afterEach(async () => {
    await lazy?.close();
  });

  it('answers a query of a loaded table while another is still loading', async () => {
    const { engine, release } = gatedEngine('big');
    lazy = new LazyDataEngine(
      () => engine,
      [
        { table: 'airports', format: 'csv', url: airports },
        { table: 'big', format: 'csv', url: airports },
      ],
    );
    const { rows } = await lazy.query('SELECT count(*) AS n FROM "Airports"');
    expect(rows[0]?.n).toBe(3376);
    expect((await lazy.describe('airports')).columns.length).toBeGreaterThan(3);

    let catalogAnswered = false;
    const catalog = lazy.listTables().then((tables) => {
      catalogAnswered = true;
      return tables;
    });
    const big = lazy.query('SELECT count(*) AS n FROM big');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(catalogAnswered).toBe(false);
    release();
    expect((await big).rows[0]?.n).toBe(3376);
    expect((await catalog).sort()).toEqual(['airports', 'big']);
  });
});

describe('the order tables load in', () => {
  it('loads the tables the first query names first, then the rest one at a time', async () => {
    const engine = new DuckDbNodeEngine();
    const order: string[] = [];
    let loadingAtOnce = 0;
    let mostAtOnce = 0;
    const load = engine.load.bind(engine);
    engine.load = async (source: TableSource) => {
      order.push(source.table);
      loadingAtOnce += 1;
      mostAtOnce = Math.max(mostAtOnce, loadingAtOnce);
      try {
        return await load(source);
      } finally {
        loadingAtOnce -= 1;
      }
    };
    const lazy = new LazyDataEngine(
      () => engine,
      ['flights', 'counties', 'airports'].map((table) => ({
        table,
        format: 'csv' as const,
        url: airports,
      })),
    );
    try {
      await lazy.query('SELECT count(*) FROM airports');
      expect(order[0]).toBe('airports');
      expect((await lazy.listTables()).sort()).toEqual(['airports', 'counties', 'flights']);
      expect(order).toEqual(['airports', 'flights', 'counties']);
      expect(mostAtOnce).toBe(1);
    } finally {
      await lazy.close();
    }
  });
});

describe('an engine with no table declared', () => {
  it('lists no tables without starting DuckDB, and starts it for the first query', async () => {
    const { engine: lazy, created } = countingLazyEngine();
    try {
      expect(await lazy.listTables()).toEqual([]);
      expect(lazy.started).toBe(false);
      expect(created()).toBe(0);
      expect((await lazy.query('SELECT 42 AS n')).rows[0]?.n).toBe(42);
      expect(created()).toBe(1);
      // Once started, the engine itself answers.
      await lazy.load({ table: 'airports', format: 'csv', url: airports });
      expect(await lazy.listTables()).toEqual(['airports']);
    } finally {
      await lazy.close();
    }
  });
});
