// The stock @modelcontextprotocol/server-postgres behind `npm run mcp-bridge -- --stdio --env PGPASSWORD`
// against a real PostGIS cluster: its password reaches the server through the environment (never the
// command line), nothing the bridge prints holds it, and its results (JSON text, geometries as EWKB hex,
// counts as text) become drawable results with a result id and numbers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { FakeMap } from '../../../src/testing/fake-map';
import { resultFeatures } from '../../../src/tools/map/result-features';
import { ResultStore } from '../../../src/tools/result-store';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { postgisFixtureSql } from '../../servers/postgis-fixture';
import { startPostgresBridge } from '../../servers/postgres-bridge';
import { startPostgresCluster, type PostgresCluster } from '../../servers/postgres-cluster';
import type { ScriptServer } from '../start-mcp-server-script';

const signal = new AbortController().signal;

let cluster: PostgresCluster;
let bridge: ScriptServer;
let hub: McpHub;
let registry: ToolRegistry;
let resultStore: ResultStore;

beforeAll(async () => {
  cluster = await startPostgresCluster({ setupSql: postgisFixtureSql });
  bridge = await startPostgresBridge(cluster);
  registry = new ToolRegistry();
  resultStore = new ResultStore();
  hub = new McpHub({ registry, resultStore });
  hub.addServer({ id: 'postgres', url: bridge.url, transport: 'streamable-http' });
  await hub.connect('postgres');
}, 120_000);

afterAll(async () => {
  await hub?.close();
  await bridge?.stop();
  await cluster?.stop();
});

async function query(sql: string) {
  const result = await registry.execute({ id: sql, name: 'query', arguments: { sql } }, { signal });
  expect(result.isError, result.content).toBeFalsy();
  const resultId = /result_id=(\S+)/.exec(result.content)?.[1];
  expect(resultId).toBeDefined();
  const stored = resultStore.get(resultId!)!;
  return { result, stored };
}

describe('stock server-postgres behind the bridge', () => {
  it('draws the points of a bbox query from their EWKB, by a result id the page gave', async () => {
    const { result, stored } = await query(
      'SELECT id, geom FROM places WHERE geom && ST_MakeEnvelope(-10, 40, -9, 41, 4326)',
    );
    expect(result.content).toContain('{"kind":"shapes","column":"geom"}');
    const outcome = await resultFeatures(
      stored.rows,
      stored.columns.map((column) => column.name),
      { kind: 'shapes', column: 'geom' },
      new FakeMap(),
    );
    if (!('features' in outcome)) throw new Error(outcome.error);
    expect(outcome.features.features.length).toBe(stored.rows.length);
    expect(outcome.features.features.length).toBeGreaterThan(10);
    expect(outcome.features.features[0]?.geometry.type).toBe('Point');
  });

  it('draws the polygons of a join, with its counts as numbers', async () => {
    const { stored } = await query(
      'SELECT z.name, z.geom, count(*) AS places FROM zones z JOIN places p ' +
        'ON ST_Contains(z.geom, p.geom) GROUP BY z.id, z.name, z.geom ORDER BY z.id',
    );
    expect(stored.columns.find((column) => column.name === 'places')?.type).toBe('number');
    expect(typeof stored.rows[0]?.places).toBe('number');
    const outcome = await resultFeatures(
      stored.rows,
      stored.columns.map((column) => column.name),
      { kind: 'shapes', column: 'geom' },
      new FakeMap(),
    );
    if (!('features' in outcome)) throw new Error(outcome.error);
    expect(outcome.features.features.map((feature) => feature.geometry.type)).toContain('Polygon');
  });

  it('says on the card that this server offers no pre-flight', async () => {
    const report = await hub.preflightFor('postgres')('SELECT 1', signal);
    expect(report.unavailable).toContain('offers no pre-flight');
  });

  it('prints nothing that holds the password, a failing query included', async () => {
    const failed = await registry.execute(
      { id: 'bad', name: 'query', arguments: { sql: 'SELECT * FROM nowhere' } },
      { signal },
    );
    expect(failed.isError).toBe(true);
    expect(failed.content).not.toContain(cluster.reader.password);
    expect(bridge.output()).toContain('bridging');
    expect(bridge.output()).not.toContain(cluster.reader.password);
  });
});
