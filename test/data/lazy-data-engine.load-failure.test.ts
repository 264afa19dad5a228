// A declared dataset that fails to load says so, by name and with the reason, instead of "no such table";
// a later call that needs it loads it again.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { LazyDataEngine, type TableLoadFailure } from '../../src/data/lazy-data-engine';
import { TableLoadFailedError } from '../../src/data/query-errors';
import { McpHub, createSqlServer } from '../../src/mcp';
import { ToolRegistry } from '../../src/tools/tool-registry';

const airports = resolve('node_modules/vega-datasets/data/airports.csv');

describe('a dataset that fails to load', () => {
  let folder: string;
  let engine: LazyDataEngine;
  const reported: TableLoadFailure[] = [];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'mapwright-broken-'));
    const broken = join(folder, 'quakes.geojson');
    await writeFile(broken, '{"type": "FeatureCollection", "features": [');
    engine = new LazyDataEngine(
      () => new DuckDbNodeEngine(),
      [
        { table: 'airports', format: 'csv', url: airports },
        { table: 'quakes', format: 'geojson', url: broken },
      ],
      { onLoadFailure: (failure) => reported.push(failure) },
    );
  });
  afterAll(async () => {
    await engine.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('leaves the other datasets queryable', async () => {
    const { rows } = await engine.query('SELECT count(*) AS n FROM airports');
    expect(rows[0]?.n).toBe(3376);
  });

  it('is reported once through onLoadFailure with the table and the reason', async () => {
    // Listing the tables waits for every load; the query above waited for airports only.
    await engine.listTables();
    expect(reported).toHaveLength(1);
    expect(reported[0]?.table).toBe('quakes');
    expect(reported[0]?.message).toMatch(/JSON/);
  });

  it('answers a query with an error naming the dataset and the reason, not "does not exist"', async () => {
    const error = await engine
      .query('SELECT count(*) FROM Quakes')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TableLoadFailedError);
    const message = (error as Error).message;
    expect(message).toContain('"quakes" failed to load');
    expect(message).toContain(reported[0]!.message.trim());
    expect(message).not.toMatch(/does not exist/);
  });

  it('answers describe with the same error', async () => {
    await expect(engine.describe('quakes')).rejects.toThrow(/"quakes" failed to load/);
  });

  it('keeps other missing tables as DuckDB reports them', async () => {
    await expect(engine.query('SELECT * FROM nowhere')).rejects.toThrow(/nowhere does not exist/);
  });

  it('is listed as unavailable by the SQL server, with the reason', async () => {
    const registry = new ToolRegistry();
    const hub = new McpHub({ registry });
    hub.addServer({ id: 'embedded', transport: 'embedded' }, () => createSqlServer({ engine }));
    await hub.connect('embedded');
    try {
      const listed = await hub.callTool(
        'embedded',
        'list_tables',
        {},
        {
          signal: new AbortController().signal,
        },
      );
      expect(listed.content).toContain('airports (3376 rows)');
      expect(listed.content).toMatch(/quakes: not available, it failed to load \(.*JSON/);
      const queried = await hub.callTool(
        'embedded',
        'query',
        { sql_query: 'SELECT * FROM quakes' },
        { signal: new AbortController().signal },
      );
      expect(queried.isError).toBe(true);
      expect(queried.content).toContain('"quakes" failed to load');
    } finally {
      await hub.close();
    }
  });

  it('is loaded again by a later call that needs it, once its file can be read', async () => {
    const failuresBefore = reported.length;
    await writeFile(
      join(folder, 'quakes.geojson'),
      JSON.stringify({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { mag: 5.1 },
            geometry: { type: 'Point', coordinates: [1, 2] },
          },
        ],
      }),
    );
    const { rows } = await engine.query('SELECT count(*) AS n FROM quakes');
    expect(Number(rows[0]?.n)).toBe(1);
    expect(engine.loadFailures()).toEqual([]);
    expect(reported.length).toBe(failuresBefore);
  });
});
