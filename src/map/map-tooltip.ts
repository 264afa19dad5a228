// Hover tooltips. Content is built with textContent only: feature properties come from data files and
// query results, so they are never parsed as HTML.
import * as maplibregl from 'maplibre-gl';

/** What a tooltip needs to know about a layer. */
export interface TooltipLayer {
  id: string;
  title: string;
  tooltip?: string[];
}

function formatValue(value: unknown): string {
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)));
  return String(value ?? '');
}

/** The tooltip's DOM: the layer title, then one line per field. */
export function tooltipContent(
  layer: TooltipLayer,
  properties: Record<string, unknown>,
): HTMLElement {
  const root = document.createElement('div');
  root.className = 'map-tooltip';
  const heading = document.createElement('strong');
  heading.textContent = layer.title;
  root.append(heading);
  const fields = layer.tooltip ?? Object.keys(properties).slice(0, 6);
  for (const field of fields) {
    if (!(field in properties)) continue;
    const line = document.createElement('div');
    const name = document.createElement('span');
    name.className = 'map-tooltip-name';
    name.textContent = `${field}: `;
    line.append(name, document.createTextNode(formatValue(properties[field])));
    root.append(line);
  }
  return root;
}

/** Shows a tooltip for the topmost feature under the pointer among `layers()`. */
export function attachTooltips(map: maplibregl.Map, layers: () => TooltipLayer[]): void {
  const popup = new maplibregl.Popup({
    closeButton: false,
    closeOnClick: false,
    maxWidth: '280px',
    // Clear of the pointer and, by CSS, transparent to it: a tooltip under the cursor would take the
    // pointer off the canvas, and the canvas's mouseleave would remove the tooltip again at once.
    offset: 10,
    className: 'map-tooltip-popup',
  });
  map.on('mousemove', (event) => {
    const candidates = layers().filter((layer) => map.getLayer(layer.id));
    const [feature] = candidates.length
      ? map.queryRenderedFeatures(event.point, { layers: candidates.map((layer) => layer.id) })
      : [];
    const layer = feature && candidates.find((candidate) => candidate.id === feature.layer.id);
    if (!feature || !layer) {
      popup.remove();
      map.getCanvas().style.cursor = '';
      return;
    }
    map.getCanvas().style.cursor = 'pointer';
    popup
      .setLngLat(event.lngLat)
      .setDOMContent(tooltipContent(layer, feature.properties))
      .addTo(map);
  });
  map.getCanvas().addEventListener('mouseleave', () => popup.remove());
  // Once the camera moves (a drag, or fly_to from the agent) the feature may no longer be under the
  // pointer; the next mousemove shows the right one.
  map.on('movestart', () => popup.remove());
}
