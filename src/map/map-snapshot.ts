// The map as a picture and its credits, for a report: the canvas keeps its drawing buffer (see
// open-maplibre-map), so once the map is idle its pixels are what the person sees.
import type { MapController } from './map-controller';

/** The map on screen as a PNG data: URI, once it has drawn; undefined when it cannot be read. */
export async function mapSnapshot(controller: MapController): Promise<string | undefined> {
  await controller.whenIdle();
  try {
    return controller.map.getCanvas().toDataURL('image/png');
  } catch {
    // A canvas tainted by a tile from another origin cannot be read: the report goes without it.
    return undefined;
  }
}

/** The credits the map shows (basemap and datasets), as plain text, one per entry. */
export function mapCredits(controller: MapController): string[] {
  const inner = controller.map.getContainer().querySelector('.maplibregl-ctrl-attrib-inner');
  return (inner?.textContent ?? '')
    .split('|')
    .map((credit) => credit.trim())
    .filter(Boolean);
}
