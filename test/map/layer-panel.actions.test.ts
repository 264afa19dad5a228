// @vitest-environment jsdom
// The layer panel's per-layer controls, driven by keyboard-reachable buttons and a slider, and the focus
// staying on the control the person used while rows re-render.
import { afterEach, describe, expect, it } from 'vitest';
import { mountLayerPanel, type LayerPanelSource } from '../../src/map/layer-panel';
import type { LayerInfo } from '../../src/tools/map/map-port';

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

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
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
  unmounts.push(mountLayerPanel(container, source));
  const button = (name: string): HTMLButtonElement =>
    [...container.querySelectorAll('button')].find(
      (candidate) => candidate.getAttribute('aria-label') === name,
    )!;
  return { container, calls, button, order: () => order };
}

describe('layer panel controls', () => {
  it('lists layers topmost first and moves one down, keeping the focus on the button pressed', () => {
    const { container, calls, button, order } = mounted();
    const ids = () =>
      [...container.querySelectorAll<HTMLElement>('li')].map((item) => item.dataset.layerId);
    expect(ids()).toEqual(['a', 'b', 'c']);
    const down = button('Move A down');
    down.focus();
    down.click();
    expect(calls).toEqual(['move a down']);
    expect(order()).toEqual(['b', 'a', 'c']);
    expect(ids()).toEqual(['b', 'a', 'c']);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move A down');
  });

  it('marks Up on the topmost layer unavailable without disabling it, and ignores a press', () => {
    const { calls, button } = mounted();
    expect(button('Move A up').getAttribute('aria-disabled')).toBe('true');
    button('Move A up').click();
    expect(calls).toEqual([]);
  });

  it('zooms to a layer, resets a filter only where one is applied, and sets opacity from the slider', () => {
    const { container, calls, button } = mounted();
    button('Zoom to C').click();
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

  it('folds the list away and back', () => {
    const { container, button } = mounted();
    button('Hide layers').click();
    expect(container.querySelector('ul')?.hidden).toBe(true);
    expect(button('Show layers').getAttribute('aria-expanded')).toBe('false');
    button('Show layers').click();
    expect(container.querySelector('ul')?.hidden).toBe(false);
  });
});
