// Validates filters and paint with MapLibre's own style-spec validator, loaded only when a tool first
// needs it (it is not part of the boot bundle). Messages are the style spec's, minus the internal
// path of the throwaway style they were checked in.
import type { LayerKind, ValidationErrors } from '../../tools/map/map-port';
import type * as StyleSpec from '@maplibre/maplibre-gl-style-spec';

type StyleSpecModule = typeof StyleSpec;

let styleSpec: Promise<StyleSpecModule> | undefined;

function loadStyleSpec(): Promise<StyleSpecModule> {
  return (styleSpec ??= import('@maplibre/maplibre-gl-style-spec'));
}

async function validateLayer(layer: Record<string, unknown>): Promise<ValidationErrors> {
  const { validateStyleMin } = await loadStyleSpec();
  const style = {
    version: 8,
    sources: { check: { type: 'geojson', data: { type: 'FeatureCollection', features: [] } } },
    layers: [{ id: 'check', source: 'check', ...layer }],
  };
  const errors = validateStyleMin(style as unknown as Parameters<typeof validateStyleMin>[0]);
  return errors.map((error) => error.message.replace(/^layers\[0\]\./, ''));
}

/** Problems with a filter expression, as the style spec words them; empty when it is valid. */
export function validateFilter(filter: unknown): Promise<ValidationErrors> {
  if (!Array.isArray(filter)) {
    return Promise.resolve([
      `filter: must be an expression array such as [">=", ["get", "mag"], 5], not ${JSON.stringify(filter)}`,
    ]);
  }
  return validateLayer({ type: 'circle', filter });
}

/** Problems with paint properties for a layer of this kind; empty when they are valid. */
export function validatePaint(
  kind: LayerKind,
  paint: Record<string, unknown>,
): Promise<ValidationErrors> {
  return validateLayer({ type: kind, paint });
}
