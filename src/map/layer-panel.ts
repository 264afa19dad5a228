// The layer panel: show or hide each layer, see its legend, and remove an upload. Re-renders from the
// map's layer list.
import { isCssColor } from '../config/css-color';
import type { LayerInfo } from '../tools/map/map-port';

/** What the panel needs from the map. */
export interface LayerPanelSource {
  listLayers(): LayerInfo[];
  setVisibility(layerId: string, visible: boolean): boolean;
  onChange(listener: () => void): () => void;
}

/** Which layers the person may remove from the panel (their uploads), and how. */
export interface LayerRemoval {
  canRemoveLayer(layerId: string): boolean;
  /** Settles once the layer is removed (or removing it failed and was reported). */
  removeLayer(layerId: string): Promise<unknown>;
  /** Calls `listener` when which layers can be removed changes; returns a function that stops it. */
  onChange(listener: () => void): () => void;
}

/** How long "Confirm remove" waits for the second press before the button goes back to "Remove". */
export const confirmRemoveMs = 4000;

function legendElement(layer: LayerInfo): HTMLElement | undefined {
  if (!layer.legend) return undefined;
  const legend = document.createElement('div');
  legend.className = 'layer-legend';
  if (layer.legend.entries.length > 1) {
    const title = document.createElement('div');
    title.className = 'layer-legend-title';
    title.textContent = layer.legend.title;
    legend.append(title);
  }
  for (const entry of layer.legend.entries) {
    const row = document.createElement('div');
    row.className = 'layer-legend-entry';
    const swatch = document.createElement('span');
    swatch.className = `layer-legend-swatch layer-legend-swatch-${layer.kind}`;
    // Through the CSSOM and only as a checked colour: never a style attribute the CSP would block,
    // never a value that could name a URL.
    if (isCssColor(entry.color)) swatch.style.setProperty('background-color', entry.color);
    const label = document.createElement('span');
    label.textContent = entry.label;
    row.append(swatch, label);
    legend.append(row);
  }
  return legend;
}

/**
 * Mounts the panel into `container`; `removal` adds a Remove button to the layers it allows, pressed
 * twice to remove (the first press turns it into "Confirm remove" for a few seconds). Returns a function
 * that removes the panel.
 */
export function mountLayerPanel(
  container: HTMLElement,
  source: LayerPanelSource,
  removal?: LayerRemoval,
): () => void {
  const panel = document.createElement('section');
  panel.className = 'layer-panel';
  panel.setAttribute('aria-label', 'Layers');
  /** The layer whose Remove button waits for confirmation, and the timer that gives up waiting. */
  let confirming: { layerId: string; timer: ReturnType<typeof setTimeout> } | undefined;
  const removing = new Set<string>();
  const stopConfirming = (): void => {
    if (confirming) clearTimeout(confirming.timer);
    confirming = undefined;
  };

  const removeButton = (layer: LayerInfo): HTMLButtonElement => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'layer-remove';
    button.dataset.focusKey = `remove:${layer.id}`;
    const waiting = confirming?.layerId === layer.id;
    if (removing.has(layer.id)) {
      // Not `disabled`: a disabled button drops the focus.
      button.textContent = 'Removing…';
      button.setAttribute('aria-disabled', 'true');
    } else {
      button.textContent = waiting ? 'Confirm remove' : 'Remove';
    }
    button.setAttribute(
      'aria-label',
      `${waiting ? 'Confirm remove' : 'Remove'} upload ${layer.title}`,
    );
    if (waiting) button.dataset.confirming = 'true';
    button.addEventListener('click', () => {
      if (!removal || removing.has(layer.id)) return;
      if (confirming?.layerId !== layer.id) {
        stopConfirming();
        confirming = {
          layerId: layer.id,
          timer: setTimeout(() => {
            confirming = undefined;
            render();
          }, confirmRemoveMs),
        };
        render();
        return;
      }
      stopConfirming();
      removing.add(layer.id);
      render();
      void removal.removeLayer(layer.id).finally(() => {
        removing.delete(layer.id);
        render();
      });
    });
    return button;
  };

  const render = (): void => {
    // Rows are rebuilt on every change: the control that had focus gets it back.
    const focused = document.activeElement;
    const focusKey =
      focused instanceof HTMLElement && panel.contains(focused)
        ? focused.dataset.focusKey
        : undefined;
    const heading = document.createElement('h2');
    heading.textContent = 'Layers';
    heading.tabIndex = -1;
    heading.dataset.focusKey = 'heading';
    const list = document.createElement('ul');
    for (const layer of source.listLayers()) {
      const item = document.createElement('li');
      item.dataset.layerId = layer.id;
      const row = document.createElement('div');
      row.className = 'layer-row';
      const label = document.createElement('label');
      const checkbox = document.createElement('input');
      checkbox.type = 'checkbox';
      checkbox.checked = layer.visible;
      checkbox.dataset.focusKey = `visible:${layer.id}`;
      checkbox.addEventListener('change', () => source.setVisibility(layer.id, checkbox.checked));
      const title = document.createElement('span');
      title.textContent = layer.filter === undefined ? layer.title : `${layer.title} (filtered)`;
      label.append(checkbox, title);
      row.append(label);
      if (removal?.canRemoveLayer(layer.id)) row.append(removeButton(layer));
      item.append(row);
      const legend = layer.visible ? legendElement(layer) : undefined;
      if (legend) item.append(legend);
      list.append(item);
    }
    panel.replaceChildren(heading, list);
    if (focusKey) {
      const again = [...panel.querySelectorAll<HTMLElement>('[data-focus-key]')].find(
        (element) => element.dataset.focusKey === focusKey,
      );
      // A removed layer's button is gone: focus stays in the panel, on its heading.
      (again ?? heading).focus();
    }
  };
  render();
  container.append(panel);
  const stops = [source.onChange(render), removal?.onChange(render)];
  return () => {
    for (const stop of stops) stop?.();
    stopConfirming();
    panel.remove();
  };
}
