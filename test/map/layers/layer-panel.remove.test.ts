// @vitest-environment jsdom
// The layer panel's Remove button: only on uploads, named "Remove upload NAME", and pressed twice (the
// first press asks "Confirm remove" for a few seconds), with the focus kept in the panel throughout.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  confirmRemoveMs,
  mountLayerPanel,
  type LayerRemoval,
} from '../../../src/map/layers/layer-panel';
import { FakeMap } from '../../../src/testing/fake-map';
import type { FeatureCollection } from 'geojson';

const points: FeatureCollection = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } }],
};

const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
  vi.useRealTimers();
});

async function panelWithUpload() {
  const map = new FakeMap();
  await map.addLayer({ id: 'airports', title: 'US airports', kind: 'circle', features: points });
  await map.addLayer({ id: 'stations', title: 'stations.csv', kind: 'circle', features: points });
  const uploads = new Set(['stations']);
  const removed: string[] = [];
  const listeners = new Set<() => void>();
  const removal: LayerRemoval = {
    canRemoveLayer: (layerId) => uploads.has(layerId),
    removeLayer: async (layerId) => {
      removed.push(layerId);
      uploads.delete(layerId);
      map.removeLayer(layerId);
    },
    onChange: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  const container = document.createElement('div');
  document.body.append(container);
  const panel = mountLayerPanel(
    container,
    {
      listLayers: () => map.listLayers(),
      setVisibility: (layerId, visible) => map.setVisibility(layerId, visible),
      onChange: (listener) => map.onStateChange(() => listener()),
    },
    removal,
  );
  unmounts.push(() => {
    panel.destroy();
    container.remove();
  });
  const button = (): HTMLButtonElement | null =>
    container.querySelector<HTMLButtonElement>('li[data-layer-id="stations"] .layer-remove');
  /** Opens a layer's options, where Remove is, as a person does with its ⋯ button. */
  const openOptions = (title: string): void =>
    container
      .querySelector<HTMLButtonElement>(`button[aria-label="Options for ${title}"]`)!
      .click();
  openOptions('stations.csv');
  return { map, container, removed, button, uploads, listeners, openOptions };
}

describe('removing an upload from the layer panel', () => {
  it('offers Remove only on uploads, named after the file', async () => {
    const { container, button } = await panelWithUpload();
    expect(container.querySelector('li[data-layer-id="airports"] button')).toBeNull();
    expect(button()?.getAttribute('aria-label')).toBe('Remove upload stations.csv');
    expect(button()?.textContent).toBe('Remove');
  });

  it('asks for a confirmation on the first press, removes on the second', async () => {
    const { container, removed, button } = await panelWithUpload();
    button()!.click();
    expect(removed).toEqual([]);
    expect(button()?.textContent).toBe('Confirm remove');
    expect(button()?.getAttribute('aria-label')).toBe('Confirm remove upload stations.csv');
    button()!.click();
    await vi.waitFor(() => expect(removed).toEqual(['stations']));
    await vi.waitFor(() =>
      expect(container.querySelector('li[data-layer-id="stations"]')).toBeNull(),
    );
    expect(container.querySelector('li[data-layer-id="airports"]')).not.toBeNull();
  });

  it('goes back to Remove when the confirmation is not given in time', async () => {
    vi.useFakeTimers();
    const { removed, button } = await panelWithUpload();
    button()!.click();
    vi.advanceTimersByTime(confirmRemoveMs + 10);
    expect(button()?.textContent).toBe('Remove');
    button()!.click();
    expect(removed).toEqual([]);
    expect(button()?.textContent).toBe('Confirm remove');
  });

  it('keeps the confirmation and the focus while the map changes under it', async () => {
    const { map, button, container } = await panelWithUpload();
    button()!.focus();
    button()!.click();
    map.setVisibility('airports', false);
    expect(button()?.textContent).toBe('Confirm remove');
    expect(document.activeElement).toBe(button());
    button()!.click();
    // The button is gone with its layer: the focus stays in the panel.
    await vi.waitFor(() => expect(button()).toBeNull());
    expect(container.querySelector('.layer-panel')?.contains(document.activeElement)).toBe(true);
  });

  it('shows a Remove button once a layer becomes removable', async () => {
    const { container, uploads, listeners, openOptions } = await panelWithUpload();
    expect(container.querySelector('li[data-layer-id="airports"] .layer-remove')).toBeNull();
    uploads.add('airports');
    for (const listener of listeners) listener();
    openOptions('US airports');
    expect(
      container
        .querySelector('li[data-layer-id="airports"] .layer-remove')
        ?.getAttribute('aria-label'),
    ).toBe('Remove upload US airports');
  });
});
