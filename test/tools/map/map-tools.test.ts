import { beforeEach, describe, expect, it } from 'vitest';
import { catalogEntryFromConfig, DatasetCatalog, defaultAppConfig } from '../../../src/config';
import { FakeMap } from '../../../src/testing/fake-map';
import { createMapTools } from '../../../src/tools/map/create-map-tools';
import { RESULT_POINT_RADIUS } from '../../../src/tools/map/draw-result-layer';
import { resultPalette } from '../../../src/tools/map/result-palette';
import { ResultStore } from '../../../src/tools/result-store';
import type { DataEngine } from '../../../src/data/data-engine';
import type { Tool, ToolResult } from '../../../src/tools/tool';
import type { FeatureCollection } from 'geojson';

const quakes: FeatureCollection = {
  type: 'FeatureCollection',
  features: [2.1, 4.5, 5.2, 6.8].map((mag, index) => ({
    type: 'Feature',
    properties: { mag, place: `place ${index}`, type: 'earthquake' },
    geometry: { type: 'Point', coordinates: [-120 + index, 35 + index] },
  })),
};

const counties: FeatureCollection = {
  type: 'FeatureCollection',
  features: ['06075', '06001', '32003'].map((id) => ({
    type: 'Feature',
    properties: { id, name: `county ${id}` },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    },
  })),
};

describe('local map tools against a fake map', () => {
  let map: FakeMap;
  let resultStore: ResultStore;
  let tools: Map<string, Tool>;
  const signal = new AbortController().signal;
  const call = (name: string, args: Record<string, unknown>): Promise<ToolResult> =>
    tools.get(name)!.execute(args, { signal });

  beforeEach(async () => {
    map = new FakeMap();
    await map.addLayer({
      id: 'earthquakes',
      title: 'Earthquakes',
      kind: 'circle',
      features: quakes,
      paint: { 'circle-color': '#f00' },
      datasetId: 'earthquakes',
    });
    await map.addLayer({
      id: 'counties',
      title: 'Counties',
      kind: 'fill',
      features: counties,
      paint: {},
      datasetId: 'counties',
    });
    resultStore = new ResultStore();
    const catalog = new DatasetCatalog(
      defaultAppConfig().datasets.map((dataset) =>
        catalogEntryFromConfig(dataset, map.getLayer(dataset.id)?.id),
      ),
    );
    const engine: Pick<DataEngine, 'describe'> = {
      describe: async (table) => ({
        table,
        rowCount: 1707,
        columns: [
          { name: 'mag', type: 'DOUBLE' },
          { name: 'type', type: 'VARCHAR', sampleValues: ['earthquake', 'quarry blast'] },
        ],
      }),
    };
    tools = new Map(
      createMapTools({ map, catalog, resultStore, engine: async () => engine as DataEngine }).map(
        (tool) => [tool.name, tool],
      ),
    );
  });

  it('are all local tools with object schemas', () => {
    expect([...tools.keys()]).toEqual([
      'list_datasets',
      'get_dataset_details',
      'show_layer',
      'hide_layer',
      'set_filter',
      'reset_filter',
      'set_style',
      'reset_style',
      'fly_to',
      'get_map_state',
      'map_query_result',
      'filter_layer_by_result',
    ]);
    for (const tool of tools.values()) {
      expect(tool.origin).toEqual({ kind: 'local' });
      expect(tool.inputSchema.type).toBe('object');
    }
  });

  it('set_filter applies a valid filter and reports how many features remain in view', async () => {
    const result = await call('set_filter', {
      layer: 'earthquakes',
      filter: ['>=', ['get', 'mag'], 5],
    });
    expect(result.isError).toBeUndefined();
    expect(result.content).toBe(
      'Filter set on earthquakes. 2 features of earthquakes are in view.',
    );
    expect(map.getLayer('earthquakes')?.filter).toEqual(['>=', ['get', 'mag'], 5]);
  });

  it('set_filter refuses an invalid expression with the reason and the layer properties, changing nothing', async () => {
    const result = await call('set_filter', {
      layer: 'earthquakes',
      filter: ['>=', ['get', 'mag']],
    });
    expect(result.isError).toBe(true);
    expect(result.content).toContain(
      'Invalid filter, nothing changed: filter: Expected two or three arguments.',
    );
    expect(result.content).toContain('Properties of earthquakes: mag, place, type');
    expect(map.getLayer('earthquakes')?.filter).toBeUndefined();
  });

  it('set_filter on an unknown layer lists the layers there are', async () => {
    const result = await call('set_filter', { layer: 'quakes', filter: ['==', 1, 1] });
    expect(result).toMatchObject({
      isError: true,
      content: expect.stringContaining('Layers on the map: earthquakes, counties'),
    });
  });

  it('says when a call changed nothing', async () => {
    expect((await call('show_layer', { layer: 'earthquakes' })).content).toContain(
      'already visible; nothing changed',
    );
    expect((await call('reset_filter', { layer: 'earthquakes' })).content).toContain(
      'had no filter; nothing changed',
    );
    expect((await call('hide_layer', { layer: 'earthquakes' })).content).toBe(
      'Layer earthquakes is now hidden.',
    );
    expect(
      (await call('set_style', { layer: 'earthquakes', paint: { 'circle-color': '#f00' } }))
        .content,
    ).toContain('nothing changed');
  });

  it('set_style validates paint for the layer kind and updates the legend from data-driven colour', async () => {
    const wrong = await call('set_style', { layer: 'earthquakes', paint: { 'fill-color': 'red' } });
    expect(wrong.isError).toBe(true);
    expect(wrong.content).toContain('unknown property "fill-color"');
    const ramp = ['interpolate', ['linear'], ['get', 'mag'], 2, '#ffff00', 7, '#800000'];
    const result = await call('set_style', {
      layer: 'earthquakes',
      paint: { 'circle-color': ramp },
    });
    expect(result.content).toContain('Legend: 2 #ffff00, 7 #800000');
    expect(map.getLayer('earthquakes')?.legend?.entries).toEqual([
      { color: '#ffff00', label: '2' },
      { color: '#800000', label: '7' },
    ]);
  });

  it("reset_style gives a restyled, filtered layer back the publisher's paint and legend", async () => {
    const before = map.getLayer('earthquakes');
    const ramp = ['interpolate', ['linear'], ['get', 'mag'], 2, '#ffff00', 7, '#800000'];
    await call('set_style', {
      layer: 'earthquakes',
      paint: { 'circle-color': ramp, 'circle-stroke-color': '#00ff00' },
    });
    await call('set_filter', { layer: 'earthquakes', filter: ['>=', ['get', 'mag'], 5] });
    expect(map.getLayer('earthquakes')?.legend).not.toEqual(before?.legend);
    const result = await call('reset_style', { layer: 'earthquakes' });
    expect(result.content).toBe("Publisher's style restored on earthquakes (paint and filter).");
    const after = map.getLayer('earthquakes');
    expect(after?.legend).toEqual(before?.legend);
    expect(after?.filter).toBeUndefined();
    expect(JSON.stringify(after?.paint)).toBe(JSON.stringify(before?.paint));
    expect((await call('reset_style', { layer: 'earthquakes' })).content).toContain(
      'nothing changed',
    );
  });

  it('fly_to fits to a layer and get_map_state reports the camera and filters', async () => {
    expect((await call('fly_to', { layer: 'earthquakes' })).content).toContain(
      'Fitted the map to earthquakes',
    );
    expect(map.camera.center).toEqual([-118.5, 36.5]);
    await call('set_filter', { layer: 'earthquakes', filter: ['>', ['get', 'mag'], 6] });
    const state = await call('get_map_state', {});
    expect(state.content).toContain(
      'earthquakes (circle, 4 features, visible, filter [">",["get","mag"],6])',
    );
  });

  it('wait for the layers to have their features (tiled layers get them after the map drew)', async () => {
    let release = (): void => undefined;
    const pending = new Promise<void>((resolve) => (release = resolve));
    map.featuresReady = () => pending;
    let settled = false;
    const flown = call('fly_to', { layer: 'earthquakes' }).then((result) => {
      settled = true;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);
    expect(map.camera.center).not.toEqual([-118.5, 36.5]);
    release();
    expect((await flown).content).toContain('Fitted the map to earthquakes');
  });

  it('get_dataset_details gives types, row count and sample values with the column descriptions', async () => {
    const result = await call('get_dataset_details', { dataset: 'earthquakes' });
    expect(result.content).toContain('table earthquakes, 1707 rows, map layer earthquakes');
    expect(result.content).toContain('- type VARCHAR: Event type');
    expect(result.content).toContain('e.g. "earthquake", "quarry blast"');
  });

  it('map_query_result draws stored rows as coloured points without the rows passing through the model', async () => {
    resultStore.put({
      resultId: 'r1',
      serverId: 'embedded',
      columns: [
        { name: 'lon', type: 'DOUBLE' },
        { name: 'lat', type: 'DOUBLE' },
        { name: 'delay', type: 'DOUBLE' },
      ],
      rows: [
        { lon: -122, lat: 37, delay: 5 },
        { lon: -118, lat: 34, delay: 25 },
        { lon: null, lat: 1, delay: 3 },
      ],
      totalRows: 3,
    });
    const result = await call('map_query_result', {
      result_id: 'r1',
      geometry: { kind: 'points', lon: 'lon', lat: 'lat' },
      style: { color_by: 'delay' },
    });
    expect(result.content).toContain(
      'Drew 2 points as layer result-r1 (1 rows had no usable geometry)',
    );
    // Weakest palest, strongest darkest, in the first result's own hue.
    const entries = map.getLayer('result-r1')?.legend?.entries;
    expect(entries?.[0]).toEqual({ color: resultPalette(0).ramp[0], label: '5' });
    expect(entries?.at(-1)).toEqual({ color: resultPalette(0).ramp.at(-1), label: '25' });
    // Points that stand out over the bundled layers: 6 px or more at every zoom, with a ring.
    const paint = map.getLayer('result-r1')?.paint ?? {};
    expect(paint['circle-radius']).toEqual(RESULT_POINT_RADIUS);
    expect(paint['circle-stroke-width']).toBeGreaterThanOrEqual(1.5);
    const missing = await call('map_query_result', {
      result_id: 'nope',
      geometry: { kind: 'points', lon: 'x', lat: 'y' },
    });
    expect(missing).toMatchObject({
      isError: true,
      content: expect.stringContaining('Held results: r1'),
    });
  });

  it.each([
    ['points', { type: 'Point', coordinates: [-9.9, 40] }, 'circle'],
    [
      'lines',
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      'line',
    ],
    ['areas', counties.features[0]!.geometry, 'fill'],
  ])(
    'map_query_result draws a geometry column of %s as what they are (%s)',
    async (_name, geom, kind) => {
      resultStore.put({
        resultId: 'r4',
        serverId: 'postgres',
        columns: [
          { name: 'id', type: 'integer' },
          { name: 'geom', type: 'geometry' },
        ],
        rows: [{ id: 1, geom }],
        totalRows: 1,
      });
      const drawn = await call('map_query_result', {
        result_id: 'r4',
        geometry: { kind: 'shapes', column: 'geom' },
      });
      expect(drawn.isError, drawn.content).toBeFalsy();
      expect(map.getLayer('result-r4')?.kind).toBe(kind);
    },
  );

  it('map_query_result joins rows onto the shapes of a layer, and filter_layer_by_result filters by them', async () => {
    resultStore.put({
      resultId: 'r2',
      serverId: 'embedded',
      columns: [
        { name: 'id', type: 'VARCHAR' },
        { name: 'rate', type: 'DOUBLE' },
      ],
      rows: [
        { id: '06075', rate: 0.05 },
        { id: '32003', rate: 0.09 },
      ],
      totalRows: 2,
    });
    const drawn = await call('map_query_result', {
      result_id: 'r2',
      geometry: { kind: 'join', layer: 'counties', column: 'id' },
    });
    expect(drawn.content).toContain('Drew 2 shapes as layer result-r2');
    const filtered = await call('filter_layer_by_result', {
      layer: 'counties',
      column: 'id',
      result_id: 'r2',
    });
    expect(filtered.content).toBe(
      'Filtered counties to 2 values of id from result r2; 2 features are in view.',
    );
    const wrongColumn = await call('filter_layer_by_result', {
      layer: 'counties',
      column: 'fips',
      result_id: 'r2',
    });
    expect(wrongColumn).toMatchObject({
      isError: true,
      content: expect.stringContaining('its columns are id, rate'),
    });
  });
});
