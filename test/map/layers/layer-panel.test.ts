// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { mountLayerPanel } from '../../../src/map/layers/layer-panel';
import type { LayerInfo, LegendEntry } from '../../../src/tools/map/map-port';

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

function mounted(layer: LayerInfo): HTMLElement {
  const container = document.createElement('div');
  mountLayerPanel(container, {
    listLayers: () => [layer],
    setVisibility: () => true,
    onChange: () => () => undefined,
  });
  return container;
}

function swatches(entries: LegendEntry[]): HTMLElement[] {
  return [...mounted(layerWith(entries)).querySelectorAll<HTMLElement>('.layer-legend-swatch')];
}

const rowSwatch = (layer: LayerInfo): HTMLElement =>
  mounted(layer).querySelector<HTMLElement>('.layer-row .layer-swatch')!;

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
    const [swatch] = swatches([
      { color: 'url(https://evil.example.com/p.png)', label: 'a' },
      { color: 'red', label: 'b' },
    ]);
    expect(swatch?.style.background).toBe('');
    expect(swatch?.style.backgroundImage).toBe('');
    expect(swatch?.hasAttribute('style')).toBe(false);
  });

  it('shows no legend for a single colour: the row swatch already says it', () => {
    const container = mounted(layerWith([{ color: '#1d4ed8', label: '' }]));
    expect(container.querySelector('.layer-legend')).toBeNull();
    expect(
      container.querySelector<HTMLElement>('.layer-row .layer-swatch')?.style.backgroundColor,
    ).toBe('rgb(29, 78, 216)');
  });
});

describe("a layer row's swatch", () => {
  it("draws the layer's shape in its paint colour when it has no legend", () => {
    const swatch = rowSwatch({
      ...layerWith([]),
      legend: undefined,
      kind: 'line',
      paint: { 'line-color': 'teal' },
    });
    expect(swatch.className).toContain('layer-swatch-line');
    expect(swatch.style.backgroundColor).toBe('teal');
  });

  it("ramps through the legend's classes, leaving out the No data colour", () => {
    const swatch = rowSwatch(
      layerWith([
        { color: 'rgb(255, 255, 255)', label: '0% – 4%' },
        { color: 'rgb(0, 0, 128)', label: '≥ 10%' },
        { color: 'rgb(200, 200, 200)', label: 'No data' },
      ]),
    );
    expect(swatch.style.backgroundImage).toBe(
      'linear-gradient(90deg, rgb(255, 255, 255), rgb(0, 0, 128))',
    );
  });

  it('gets no style when a colour is not a CSS colour', () => {
    const swatch = rowSwatch({
      ...layerWith([]),
      legend: undefined,
      paint: { 'circle-color': 'url(https://evil.example.com/p.png)' },
    });
    expect(swatch.hasAttribute('style')).toBe(false);
  });
});
