// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mountLayerPanel } from '../../src/map/layer-panel';
import type { LayerInfo, LegendEntry } from '../../src/tools/map/map-port';

function layerWith(entries: LegendEntry[]): LayerInfo {
  return {
    id: 'quakes',
    title: 'Quakes',
    kind: 'circle',
    visible: true,
    paint: {},
    featureCount: 1,
    properties: [],
    legend: { title: 'Magnitude', entries },
  };
}

function swatches(entries: LegendEntry[]): HTMLElement[] {
  const container = document.createElement('div');
  mountLayerPanel(container, {
    listLayers: () => [layerWith(entries)],
    setVisibility: () => true,
    onChange: () => () => undefined,
  });
  return [...container.querySelectorAll<HTMLElement>('.layer-legend-swatch')];
}

describe('layer panel legend swatches', () => {
  it('paints each swatch with its colour', () => {
    const [first, second] = swatches([
      { color: '#1d4ed8', label: 'a' },
      { color: 'steelblue', label: 'b' },
    ]);
    expect(first?.style.backgroundColor).toBe('rgb(29, 78, 216)');
    expect(second?.style.backgroundColor).toBe('steelblue');
  });

  it('gives a swatch no style at all when its colour is not a CSS colour', () => {
    const [swatch] = swatches([{ color: 'url(https://evil.example.com/p.png)', label: 'a' }]);
    expect(swatch?.style.background).toBe('');
    expect(swatch?.style.backgroundImage).toBe('');
    expect(swatch?.hasAttribute('style')).toBe(false);
  });
});
