import { describe, expect, it } from 'vitest';
import { bundledDatasets } from '../../src/config/bundled-datasets';
import {
  addDatasetLayers,
  attachTiledFeatures,
  type FeaturesOutcome,
} from '../../src/map/dataset-layers';
import type { DatasetConfig } from '../../src/config/app-config';
import type { LayerPlacement, MapController } from '../../src/map/map-controller';
import type { NewLayer } from '../../src/tools/map/map-port';
import type { FeatureCollection } from 'geojson';

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
const line: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: {},
      geometry: {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
    },
  ],
};

/** Records what the map was asked to add, in order. */
function recordingMap() {
  const added: { id: string; kind: string; placement: LayerPlacement }[] = [];
  const visibility: Record<string, boolean | undefined> = {};
  const attached: string[] = [];
  const controller = {
    addLayer: async (layer: NewLayer, placement: LayerPlacement = {}) => {
      added.push({ id: layer.id, kind: layer.kind, placement });
      visibility[layer.id] = layer.visible;
    },
    attachFeatures: (id: string) => attached.push(id),
  } as unknown as MapController;
  return { added, visibility, attached, controller };
}

function dataset(id: string, fields: Partial<DatasetConfig>): DatasetConfig {
  return {
    id,
    title: id,
    description: '',
    source: { url: `data/${id}.geojson`, format: 'geojson' },
    table: id,
    columns: {},
    geometry: { kind: 'geojson' },
    ...fields,
  };
}

describe('dataset layers', () => {
  it('adds tiled layers at once, then slots untiled ones in config order, fills under the rest', async () => {
    const datasets = [
      dataset('roads', {}),
      dataset('stations', { tiles: 'data/tiles/stations.pmtiles', layer: { type: 'circle' } }),
      dataset('zones', { layer: { type: 'fill' } }),
    ];
    let release = (): void => undefined;
    const features = new Promise<Map<string, FeaturesOutcome>>((resolve) => {
      release = () =>
        resolve(
          new Map<string, FeaturesOutcome>([
            ['roads', { status: 'fulfilled', value: line }],
            ['zones', { status: 'fulfilled', value: empty }],
          ]),
        );
    });
    const { added, controller } = recordingMap();
    const done = addDatasetLayers(controller, datasets, features, (url) => `http://host/${url}`);
    await new Promise((resolve) => setTimeout(resolve, 0));
    // The tiled layer is on the map before any file has been parsed.
    expect(added).toEqual([
      {
        id: 'stations',
        kind: 'circle',
        placement: {
          order: 1,
          tiles: { url: 'http://host/data/tiles/stations.pmtiles', sourceLayer: 'stations' },
        },
      },
    ]);
    release();
    const { layerIds, problems } = await done;
    expect(added.slice(1)).toEqual([
      { id: 'roads', kind: 'line', placement: { order: 0, before: 'stations' } },
      { id: 'zones', kind: 'fill', placement: { order: 2, before: 'roads' } },
    ]);
    expect([...layerIds.keys()]).toEqual(['stations', 'roads', 'zones']);
    expect(problems).toEqual([]);
  });

  it('adds a layer the config hides as hidden, so going back to the config hides it again', async () => {
    const datasets = [
      dataset('shown', {}),
      dataset('hidden', { tiles: 'data/tiles/hidden.pmtiles', layer: { visible: false } }),
    ];
    const features = Promise.resolve(
      new Map<string, FeaturesOutcome>([['shown', { status: 'fulfilled', value: line }]]),
    );
    const { visibility, controller } = recordingMap();
    await addDatasetLayers(controller, datasets, features, (url) => url);
    expect(visibility).toEqual({ hidden: false, shown: true });
  });

  it("gives tiled layers their features later, and says which dataset's file failed", async () => {
    const { attached, controller } = recordingMap();
    const fetchFunction = async (url: string): Promise<Response> =>
      url.includes('airports')
        ? new Response('not found', { status: 404 })
        : new Response(JSON.stringify(empty));
    const tiled = bundledDatasets().filter(
      (item) => item.id === 'earthquakes' || item.id === 'airports',
    );
    const problems = await attachTiledFeatures(controller, tiled, fetchFunction);
    expect(attached).toEqual(['earthquakes']);
    expect(problems).toEqual([
      "The features of dataset 'airports' could not be loaded (data/airports.csv answered HTTP 404): its layer is drawn, but cannot be fitted to or joined with query results.",
    ]);
  });
});
