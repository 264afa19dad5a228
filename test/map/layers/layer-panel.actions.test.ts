// @vitest-environment jsdom
// The layer panel's per-layer controls, driven by keyboard-reachable buttons and a slider, and the focus
// staying on the control the person used while rows re-render.
import { afterEach, describe, expect, it } from 'vitest';
import { mountLayerPanel, type LayerPanelSource } from '../../../src/map/layers/layer-panel';
import type { LayerInfo } from '../../../src/tools/map/map-port';

function layer(id: string, extra: Partial<LayerInfo> = {}): LayerInfo {
  return {
    id,
    title: id.toUpperCase(),
    kind: 'circle',
    visible: true,
    paint: { 'circle-opacity': 0.8 },
    featureCount: 2,
    properties: [],
    ...extra,
  };
}

const panels: { destroy(): void }[] = [];
afterEach(() => {
  for (const panel of panels.splice(0)) panel.destroy();
  document.body.replaceChildren();
});

function mounted() {
  const layers = [layer('a'), layer('b', { filter: ['==', 1, 1] }), layer('c')];
  let order = ['a', 'b', 'c'];
  const calls: string[] = [];
  const listeners = new Set<() => void>();
  const changed = (): void => listeners.forEach((listener) => listener());
  const source: LayerPanelSource = {
    listLayers: () => layers,
    setVisibility: () => true,
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stackOrder: () => order,
    moveLayer: (layerId, direction) => {
      calls.push(`move ${layerId} ${direction}`);
      const index = order.indexOf(layerId);
      const target = direction === 'up' ? index - 1 : index + 1;
      if (target < 0 || target >= order.length) return false;
      order = [...order];
      [order[index], order[target]] = [order[target]!, order[index]!];
      changed();
      return true;
    },
    zoomToLayer: async (layerId) => void calls.push(`zoom ${layerId}`),
    setOpacity: (layerId, opacity) => {
      calls.push(`opacity ${layerId} ${opacity}`);
      changed();
    },
    setFilter: async (layerId) => {
      calls.push(`reset ${layerId}`);
      delete layers[1]!.filter;
      changed();
    },
  };
  const container = document.createElement('div');
  document.body.append(container);
  panels.push(mountLayerPanel(container, source));
  const button = (name: string): HTMLButtonElement =>
    [...container.querySelectorAll('button')].find(
      (candidate) => candidate.getAttribute('aria-label') === name,
    )!;
  /** Opens a layer's options (order, opacity, remove) as a person does, with its ⋯ button. */
  const openOptions = (title: string): void => button(`Options for ${title}`).click();
  return { container, calls, button, openOptions, order: () => order };
}

describe('layer panel controls', () => {
  it('lists layers topmost first and moves one down, keeping the focus on the button pressed', () => {
    const { container, calls, button, openOptions, order } = mounted();
    const ids = () =>
      [...container.querySelectorAll<HTMLElement>('li')].map((item) => item.dataset.layerId);
    expect(ids()).toEqual(['a', 'b', 'c']);
    openOptions('A');
    const down = button('Move A down');
    down.focus();
    down.click();
    expect(calls).toEqual(['move a down']);
    expect(order()).toEqual(['b', 'a', 'c']);
    expect(ids()).toEqual(['b', 'a', 'c']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move A down');
  });

  it('marks Up on the topmost layer unavailable without disabling it, and ignores a press', () => {
    const { calls, button, openOptions } = mounted();
    openOptions('A');
    expect(button('Move A up').getAttribute('aria-disabled')).toBe('true');
    button('Move A up').click();
    expect(calls).toEqual([]);
  });

  it('zooms to a layer, resets a filter only where one is applied, and sets opacity from the slider', () => {
    const { container, calls, button, openOptions } = mounted();
    button('Zoom to C').click();
    openOptions('A');
    expect(button('Reset the filter of A')).toBeUndefined();
    button('Reset the filter of B').click();
    const slider = container.querySelector<HTMLInputElement>('input[aria-label="Opacity of A"]')!;
    expect(slider.value).toBe('80');
    slider.focus();
    slider.value = '35';
    slider.dispatchEvent(new Event('input'));
    expect(calls).toEqual(['zoom c', 'reset b', 'opacity a 0.35']);
    // The slider under the pointer is not rebuilt while it is dragged.
    expect(document.activeElement).toBe(slider);
    expect(button('Reset the filter of B')).toBeUndefined();
  });

  it("keeps order, opacity and removal behind each layer's options button, open over re-renders", () => {
    const { container, button, openOptions } = mounted();
    const toggle = button('Options for B');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(button('Move B up')).toBeUndefined();
    expect(container.querySelector('input[aria-label="Opacity of B"]')).toBeNull();
    openOptions('B');
    expect(button('Options for B').getAttribute('aria-expanded')).toBe('true');
    const options = container.querySelector<HTMLElement>('li[data-layer-id="b"] .layer-options')!;
    expect(button('Options for B').getAttribute('aria-controls')).toBe(options.id);
    expect(options.querySelector('[aria-label="Move B up"]')).not.toBeNull();
    expect(options.querySelector('input[aria-label="Opacity of B"]')).not.toBeNull();
    expect(options.textContent).toContain('80%');
    // Moving B re-renders every row; its options stay open and the others stay closed.
    button('Move B up').click();
    expect(button('Options for B').getAttribute('aria-expanded')).toBe('true');
    expect(button('Options for A').getAttribute('aria-expanded')).toBe('false');
    openOptions('B');
    expect(button('Move B up')).toBeUndefined();
  });

  it('says a filtered layer hides features, with Reset filter in its row', () => {
    const { container } = mounted();
    const note = container.querySelector('li[data-layer-id="b"] .layer-filter');
    expect(note?.textContent).toContain('Filtered');
    expect(container.querySelector('li[data-layer-id="a"] .layer-filter')).toBeNull();
  });

  it('folds the list away and back', () => {
    const { container, button } = mounted();
    button('Hide layers').click();
    expect(container.querySelector('ul')?.hidden).toBe(true);
    expect(button('Show layers').getAttribute('aria-expanded')).toBe('false');
    button('Show layers').click();
    expect(container.querySelector('ul')?.hidden).toBe(false);
  });
});
