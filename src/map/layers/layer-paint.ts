// Default paint for each layer kind, and the MapLibre layer type each kind uses.
import type { LayerKind } from '../../geo/layer-kind';

const palette = ['#2563eb', '#dc2626', '#059669', '#d97706', '#7c3aed', '#db2777', '#0891b2'];

/** A colour for the n-th layer without a configured colour. */
export function layerColor(index: number): string {
  return palette[index % palette.length] ?? '#2563eb';
}

/**
 * Colours for the person's uploads, one each in turn: apart from the bundled layers' blues and
 * oranges and from the result palettes' first hues, so an upload is told from both at a glance.
 */
const uploadPalette = ['#0891b2', '#b45309', '#be185d', '#4338ca', '#15803d', '#a21caf'];

/**
 * Paint for the n-th upload. Shapes are translucent with a solid outline: an upload of the world's
 * countries must not hide the basemap or the layers under it (it is drawn under result layers too).
 */
export function uploadPaint(kind: LayerKind, index: number): Record<string, unknown> {
  const color = uploadPalette[index % uploadPalette.length] ?? '#0891b2';
  if (kind === 'fill')
    return { 'fill-color': color, 'fill-opacity': 0.2, 'fill-outline-color': color };
  return defaultPaint(kind, color);
}

/** Paint a layer of this kind gets when nothing else is configured. */
export function defaultPaint(kind: LayerKind, color: string): Record<string, unknown> {
  switch (kind) {
    case 'circle':
      return {
        'circle-radius': 3.5,
        'circle-color': color,
        'circle-opacity': 0.8,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 0.5,
      };
    case 'fill':
      return { 'fill-color': color, 'fill-opacity': 0.6, 'fill-outline-color': '#ffffff' };
    case 'line':
      return { 'line-color': color, 'line-width': 1.5 };
  }
}
