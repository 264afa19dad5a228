// The layer panel: show or hide each layer, and see its legend. Re-renders from the map's layer list.
import { isCssColor } from '../config/css-color';
import type { LayerInfo } from '../tools/map/map-port';

/** What the panel needs from the map. */
export interface LayerPanelSource {
  listLayers(): LayerInfo[];
  setVisibility(layerId: string, visible: boolean): boolean;
  onChange(listener: () => void): () => void;
}

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

/** Mounts the panel into `container`; returns a function that removes it. */
export function mountLayerPanel(container: HTMLElement, source: LayerPanelSource): () => void {
  const panel = document.createElement('section');
  panel.className = 'layer-panel';
  panel.setAttribute('aria-label', 'Layers');
  const render = (): void => {
    const heading = document.createElement('h2');
    heading.textContent = 'Layers';
    const list = document.createElement('ul');
    for (const layer of source.listLayers()) {
      const item = document.createElement('li');
      item.dataset.layerId = layer.id;
      const label = document.createElement('label');
      const checkbox = document.createElement('input');
      checkbox.type = 'checkbox';
      checkbox.checked = layer.visible;
      checkbox.addEventListener('change', () => source.setVisibility(layer.id, checkbox.checked));
      const title = document.createElement('span');
      title.textContent = layer.filter === undefined ? layer.title : `${layer.title} (filtered)`;
      label.append(checkbox, title);
      item.append(label);
      const legend = layer.visible ? legendElement(layer) : undefined;
      if (legend) item.append(legend);
      list.append(item);
    }
    panel.replaceChildren(heading, list);
  };
  render();
  container.append(panel);
  const stop = source.onChange(render);
  return () => {
    stop();
    panel.remove();
  };
}
