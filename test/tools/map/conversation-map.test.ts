import { beforeEach, describe, expect, it } from 'vitest';
import { DatasetCatalog } from '../../../src/config';
import { FakeMap } from '../../../src/testing/fake-map';
import {
  createConversationMap,
  type ConversationMap,
} from '../../../src/tools/map/conversation-map';
import {
  arrangedStack,
  type ConversationMapState,
} from '../../../src/tools/map/conversation-map-state';
import { createMapTools } from '../../../src/tools/map/create-map-tools';
import { resultPalette } from '../../../src/tools/map/result-palette';
import { ResultStore, type StoredResult } from '../../../src/tools/result-store';
import type { MapStateChange } from '../../../src/tools/map/map-port';
import type { Tool, ToolResult } from '../../../src/tools/tool';
import type { FeatureCollection } from 'geojson';

const quakes: FeatureCollection = {
  type: 'FeatureCollection',
  features: [2.1, 4.5, 5.2, 6.8].map((mag, index) => ({
    type: 'Feature',
    properties: { mag },
    geometry: { type: 'Point', coordinates: [-120 + index, 35 + index] },
  })),
};

const counties: FeatureCollection = {
  type: 'FeatureCollection',
  features: ['06075', '06001', '32003'].map((id, index) => ({
    type: 'Feature',
    properties: { id },
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [index, 0],
          [index + 1, 0],
          [index + 1, 1],
          [index, 0],
        ],
      ],
    },
  })),
};

const delays: StoredResult = {
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
  ],
  totalRows: 2,
};

const rates: StoredResult = {
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
};

/** The publisher's map: earthquakes and counties shown, airports configured hidden. */
async function publisherMap(): Promise<FakeMap> {
  const map = new FakeMap({ center: [-98, 39], zoom: 3 });
  await map.addLayer({
    id: 'earthquakes',
    title: 'Earthquakes',
    kind: 'circle',
    features: quakes,
    paint: { 'circle-color': '#f00', 'circle-radius': 3 },
  });
  await map.addLayer({ id: 'counties', title: 'Counties', kind: 'fill', features: counties });
  await map.addLayer({
    id: 'airports',
    title: 'Airports',
    kind: 'circle',
    features: quakes,
    paint: {},
    visible: false,
  });
  return map;
}

describe('a conversation map: capture, restore, reset to the publisher map', () => {
  let map: FakeMap;
  let resultStore: ResultStore;
  let conversationMap: ConversationMap;
  let tools: Map<string, Tool>;
  const signal = new AbortController().signal;
  const call = async (name: string, args: Record<string, unknown>): Promise<ToolResult> => {
    const result = await tools.get(name)!.execute(args, { signal });
    expect(result.isError, result.content).toBeUndefined();
    return result;
  };

  /** What this conversation did: two results drawn, a filter, a hidden layer, a style, a camera move. */
  async function converse(): Promise<void> {
    await call('map_query_result', {
      result_id: 'r1',
      geometry: { kind: 'points', lon: 'lon', lat: 'lat' },
      style: { color_by: 'delay', radius: 8 },
      title: 'Delays',
    });
    await call('map_query_result', {
      result_id: 'r2',
      geometry: { kind: 'join', layer: 'counties', column: 'id' },
    });
    await call('set_filter', { layer: 'earthquakes', filter: ['>=', ['get', 'mag'], 5] });
    await call('filter_layer_by_result', { layer: 'counties', column: 'id', result_id: 'r2' });
    await call('hide_layer', { layer: 'counties' });
    await call('show_layer', { layer: 'airports' });
    await call('set_style', { layer: 'earthquakes', paint: { 'circle-radius': 9 } });
    await call('set_style', { layer: 'result-r2', paint: { 'fill-opacity': 0.3 } });
    await call('fly_to', { lon: -120, lat: 36, zoom: 6 });
  }

  beforeEach(async () => {
    map = await publisherMap();
    resultStore = new ResultStore();
    resultStore.put(delays);
    resultStore.put(rates);
    conversationMap = createConversationMap(map, resultStore);
    tools = new Map(
      createMapTools({
        map,
        catalog: new DatasetCatalog([]),
        resultStore,
        engine: async () => undefined,
      }).map((tool) => [tool.name, tool]),
    );
  });

  it('captures result layers by how they were drawn, filters, styles, visibility and camera as JSON', async () => {
    await converse();
    const state = conversationMap.capture();
    expect(state).toEqual({
      version: 1,
      camera: { center: [-120, 36], zoom: 6, bearing: 0, pitch: 0 },
      resultLayers: [
        {
          resultId: 'r1',
          geometry: { kind: 'points', lon: 'lon', lat: 'lat' },
          style: { color_by: 'delay', radius: 8 },
          title: 'Delays',
        },
        { resultId: 'r2', geometry: { kind: 'join', layer: 'counties', column: 'id' }, style: {} },
      ],
      layers: [
        {
          id: 'earthquakes',
          visible: true,
          filter: ['>=', ['get', 'mag'], 5],
          paint: { 'circle-radius': 9 },
        },
        {
          id: 'counties',
          visible: false,
          filter: ['in', ['get', 'id'], ['literal', ['06075', '32003']]],
        },
        { id: 'airports', visible: true },
        { id: 'result-r1', visible: true },
        { id: 'result-r2', visible: true, paint: { 'fill-opacity': 0.3 } },
      ],
      stack: ['result-r2', 'result-r1', 'airports', 'counties', 'earthquakes'],
    });
    // No rows, no features: only what it takes to draw them again.
    expect(JSON.stringify(state)).not.toContain('Polygon');
    expect(JSON.stringify(state)).not.toContain('-122');
  });

  it('restoring nothing gives the publisher map: no result layers, no filters, its paint, visibility and view', async () => {
    const publisher = conversationMap.capture();
    await converse();
    const report = await conversationMap.restore(undefined);
    expect(report).toEqual({ problems: [] });
    expect(map.listLayers().map((layer) => [layer.id, layer.visible, layer.filter])).toEqual([
      ['earthquakes', true, undefined],
      ['counties', true, undefined],
      ['airports', false, undefined],
    ]);
    expect(map.getLayer('earthquakes')?.paint).toEqual({
      'circle-color': '#f00',
      'circle-radius': 3,
    });
    expect(map.camera).toEqual({ center: [-98, 39], zoom: 3 });
    expect(conversationMap.capture()).toEqual(publisher);
  });

  it('restoring a captured state, through JSON, brings back every layer, filter, style and the camera', async () => {
    await converse();
    const state = conversationMap.capture();
    const drawn = map.listLayers();
    await conversationMap.restore(undefined);
    const stored = JSON.parse(JSON.stringify(state)) as ConversationMapState;
    expect(await conversationMap.restore(stored)).toEqual({ problems: [] });
    expect(conversationMap.capture()).toEqual(state);
    // Drawn again from the result rows: the same features and legend as the tool drew.
    expect(map.listLayers()).toEqual(drawn);
    expect(map.getLayer('result-r1')?.legend?.entries[0]).toEqual({
      color: resultPalette(0).ramp[0],
      label: '5',
    });
    expect(await map.countFeaturesInView('earthquakes')).toBe(2);
    expect(await map.countFeaturesInView('result-r2')).toBe(2);
  });

  it('keeps the order the person stacked the layers in, through JSON and a redraw; the publisher map has its own', async () => {
    await converse();
    const changes: MapStateChange[] = [];
    conversationMap.onChange((change) => changes.push(change));
    // The person moves the first result over the second, and the earthquakes under the counties.
    expect(map.moveLayer('result-r1', 'up')).toBe(true);
    expect(map.moveLayer('earthquakes', 'up')).toBe(true);
    expect(changes).toEqual(['layers', 'layers']);
    const moved = ['result-r1', 'result-r2', 'airports', 'earthquakes', 'counties'];
    expect(map.stackOrder()).toEqual(moved);
    const state = JSON.parse(JSON.stringify(conversationMap.capture())) as ConversationMapState;
    expect(state.stack).toEqual(moved);

    // The publisher's map stacks its layers as the publisher did.
    await conversationMap.restore(undefined);
    expect(map.stackOrder()).toEqual(['airports', 'counties', 'earthquakes']);
    await conversationMap.restore(state);
    expect(map.stackOrder()).toEqual(moved);
    expect(changes).toHaveLength(2);
    // A state saved before the order was kept stacks results in the order they were drawn.
    const { stack: _stack, ...older } = state;
    await conversationMap.restore(undefined);
    await conversationMap.restore(older);
    expect(map.stackOrder().slice(0, 2)).toEqual(['result-r2', 'result-r1']);
  });

  it('switching from one conversation to another replaces its result layers and settings', async () => {
    await call('map_query_result', {
      result_id: 'r1',
      geometry: { kind: 'points', lon: 'lon', lat: 'lat' },
    });
    await call('set_filter', { layer: 'earthquakes', filter: ['<', ['get', 'mag'], 3] });
    const first = conversationMap.capture();
    await conversationMap.restore(undefined);
    await converse();
    await conversationMap.restore(first);
    expect(map.listLayers().map((layer) => layer.id)).toEqual([
      'earthquakes',
      'counties',
      'airports',
      'result-r1',
    ]);
    expect(map.getLayer('earthquakes')?.filter).toEqual(['<', ['get', 'mag'], 3]);
    expect(map.getLayer('counties')).toMatchObject({ visible: true });
    expect(map.getLayer('counties')?.filter).toBeUndefined();
    expect(map.getLayer('result-r1')?.legend?.entries).toEqual([
      { color: resultPalette(0).color, label: '' },
    ]);
  });

  it('reports a result whose rows are gone and a layer that is gone, restores the rest, and never throws', async () => {
    await converse();
    const state = conversationMap.capture();
    const withUpload: ConversationMapState = {
      ...state,
      layers: [...state.layers, { id: 'my_upload', visible: false }],
    };
    const afterReload = new ResultStore();
    afterReload.put(rates);
    const report = await createConversationMap(map, afterReload).restore(withUpload);
    expect(report.problems).toEqual([
      {
        kind: 'result-missing',
        layerId: 'result-r1',
        resultId: 'r1',
        message:
          'The rows of query result r1 are not held any more, so layer result-r1 was not drawn again.',
      },
      {
        kind: 'layer-missing',
        layerId: 'my_upload',
        message:
          'There is no layer my_upload on the map any more, so its settings were not restored.',
      },
    ]);
    expect(map.getLayer('result-r1')).toBeUndefined();
    expect(map.getLayer('result-r2')?.paint['fill-opacity']).toBe(0.3);
    expect(map.getLayer('earthquakes')?.filter).toEqual(['>=', ['get', 'mag'], 5]);
  });

  it('refuses a stored filter or paint the map would not draw, and a state of another version', async () => {
    const report = await conversationMap.restore({
      version: 1,
      resultLayers: [],
      layers: [
        { id: 'earthquakes', visible: true, filter: ['>=', ['get', 'mag']] },
        { id: 'counties', visible: true, paint: { 'circle-radius': 4 } },
      ],
    });
    expect(report.problems.map((problem) => [problem.kind, problem.layerId])).toEqual([
      ['not-drawable', 'earthquakes'],
      ['not-drawable', 'counties'],
    ]);
    expect(report.problems[0]?.message).toContain('The filter of earthquakes was not restored');
    expect(map.getLayer('earthquakes')?.filter).toBeUndefined();
    await converse();
    const future = { version: 2, resultLayers: [], layers: [] } as unknown as ConversationMapState;
    expect((await conversationMap.restore(future)).problems).toEqual([
      expect.objectContaining({ kind: 'unsupported-version' }),
    ]);
    expect(map.listLayers().map((layer) => layer.id)).toEqual([
      'earthquakes',
      'counties',
      'airports',
    ]);
  });

  it('tells listeners about each change a tool makes, not about a restore, until they stop listening', async () => {
    const changes: MapStateChange[] = [];
    const stop = conversationMap.onChange((change) => changes.push(change));
    await call('set_filter', { layer: 'earthquakes', filter: ['>=', ['get', 'mag'], 5] });
    await call('hide_layer', { layer: 'counties' });
    await call('fly_to', { lon: -120, lat: 36, zoom: 6 });
    expect(changes).toEqual(['layers', 'layers', 'camera']);
    const state = conversationMap.capture();
    await conversationMap.restore(undefined);
    await conversationMap.restore(state);
    expect(changes).toHaveLength(3);
    // A move that ends where the camera already was is not a change.
    await call('fly_to', { lon: -120, lat: 36, zoom: 6 });
    expect(changes).toHaveLength(3);
    stop();
    await call('show_layer', { layer: 'counties' });
    expect(changes).toHaveLength(3);
  });
});

describe('a saved stack order applied to the layers a map has now', () => {
  it('orders the saved layers as saved, in the places they hold, and leaves the others be', () => {
    // An upload added since the state was saved keeps its place; a layer gone since is skipped.
    expect(
      arrangedStack(['r2', 'upload', 'r1', 'quakes'], ['r1', 'gone', 'quakes', 'r2', 'r1']),
    ).toEqual(['r1', 'upload', 'quakes', 'r2']);
    expect(arrangedStack(['a', 'b'], [3, null, 'b'])).toEqual(['a', 'b']);
  });
});
