import { describe, expect, it } from 'vitest';
import { bundledDatasets } from '../../../src/config/bundled-datasets';
import { basemapPalettes } from '../../../src/geo/basemap-colors';
import { FakeMap } from '../../../src/testing/fake-map';
import { contrastRatio } from '../../../src/tools/map/color-contrast';
import { drawResultLayer } from '../../../src/tools/map/draw-result-layer';
import {
  chooseResultColors,
  colorsBeneath,
  RESULT_MIN_CONTRAST,
} from '../../../src/tools/map/result-contrast';
import { resultPalette } from '../../../src/tools/map/result-palette';
import type { StoredResult } from '../../../src/tools/result-store';

/** A map with every bundled dataset's layer as the publisher configured it. */
async function publisherMap(): Promise<FakeMap> {
  const map = new FakeMap();
  for (const dataset of bundledDatasets()) {
    if (!dataset.layer) continue;
    await map.addLayer({
      id: dataset.id,
      title: dataset.title,
      kind: dataset.layer.type ?? 'circle',
      features: { type: 'FeatureCollection', features: [] },
      paint: dataset.layer.paint,
      datasetId: dataset.id,
    });
  }
  return map;
}

const earthquakeColors = ['#fde68a', '#f97316', '#7f1d1d'];

/** Whether, against `beneath`, the fill or the ring reaches the contrast a graphic needs. */
function standsOut(fill: string, ring: string, beneath: string): boolean {
  return (
    Math.max(contrastRatio(fill, beneath), contrastRatio(ring, beneath)) >= RESULT_MIN_CONTRAST
  );
}

describe('a drawn result stands out from what lies beneath it', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#ffffff')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
  });

  it('counts the basemap in both themes and every colour of the publisher layers as beneath', async () => {
    const beneath = colorsBeneath((await publisherMap()).listLayers());
    for (const palette of Object.values(basemapPalettes)) {
      expect(beneath).toEqual(expect.arrayContaining([palette.land, palette.water]));
    }
    expect(beneath).toEqual(expect.arrayContaining([...earthquakeColors, '#1d4ed8']));
  });

  it('gives every result palette a fill and ring that pass 3:1 against each colour beneath', async () => {
    const beneath = colorsBeneath((await publisherMap()).listLayers());
    for (let index = 0; index < 6; index += 1) {
      const { fill, ring, contrast } = chooseResultColors(resultPalette(index), beneath);
      expect(contrast).toBeGreaterThanOrEqual(RESULT_MIN_CONTRAST);
      for (const color of beneath) expect(standsOut(fill, ring, color), color).toBe(true);
    }
  });

  it('draws a result over the earthquakes in colours that stand out in the light and the dark theme', async () => {
    const map = await publisherMap();
    const result: StoredResult = {
      resultId: 'r1',
      serverId: 'embedded',
      sql: 'SELECT longitude, latitude FROM earthquakes',
      columns: [
        { name: 'longitude', type: 'DOUBLE' },
        { name: 'latitude', type: 'DOUBLE' },
      ],
      rows: [{ longitude: -118, latitude: 34 }],
      totalRows: 1,
    };
    const outcome = await drawResultLayer(map, result, {
      resultId: 'r1',
      geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
      style: {},
    });
    expect(outcome).toMatchObject({ drawn: true });
    const paint = map.getLayer('result-r1')?.paint ?? {};
    const fill = String(paint['circle-color']);
    const ring = String(paint['circle-stroke-color']);
    const ground = Object.values(basemapPalettes).flatMap((palette) => [
      palette.land,
      palette.water,
    ]);
    for (const color of [...earthquakeColors, ...ground])
      expect(standsOut(fill, ring, color), `${fill} ring ${ring} over ${color}`).toBe(true);
    expect(paint['circle-stroke-width']).toBeGreaterThanOrEqual(2);
  });

  it("keeps the model's own colour and chooses the ring for it", async () => {
    const beneath = colorsBeneath((await publisherMap()).listLayers());
    const chosen = chooseResultColors(resultPalette(0), beneath, '#fef08a');
    expect(chosen.fill).toBe('#fef08a');
    expect(chosen.ring).toBe('#111827');
  });
});
