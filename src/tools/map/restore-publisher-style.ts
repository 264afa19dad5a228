// Gives a layer back the look the publisher gave it: its paint as drawn (so its legend too) and no
// filter. The model's reset_style and the layer panel's "Restore the publisher's style" both do it
// through the map's own setters, so the change is one more step on the conversation's map history.
import type { MapPort } from './map-port';

/** What restoring a layer's style needs from a map. */
export type StyleRestoreTarget = Pick<MapPort, 'layerRecords' | 'setPaint' | 'setFilter'>;

/** The paint properties of a layer that differ from the publisher's, with the publisher's values. */
export function publisherPaintChanges(
  target: Pick<MapPort, 'layerRecords'>,
  layerId: string,
): Record<string, unknown> | undefined {
  const record = target.layerRecords().find((layer) => layer.id === layerId);
  if (!record) return undefined;
  const properties = new Set([...Object.keys(record.paint), ...Object.keys(record.initialPaint)]);
  return Object.fromEntries(
    [...properties]
      .filter(
        (property) =>
          JSON.stringify(record.paint[property]) !== JSON.stringify(record.initialPaint[property]),
      )
      // A property the publisher never set goes back to MapLibre's default (undefined).
      .map((property) => [property, record.initialPaint[property]]),
  );
}

/** True when the layer's paint or filter differs from the publisher's. */
export function isRestyled(target: Pick<MapPort, 'layerRecords'>, layerId: string): boolean {
  const record = target.layerRecords().find((layer) => layer.id === layerId);
  const changes = publisherPaintChanges(target, layerId);
  return (changes !== undefined && Object.keys(changes).length > 0) || record?.filter !== undefined;
}

/**
 * Restores the publisher's paint and clears the filter of `layerId`. Returns what changed: `paint`,
 * `filter`, both, or nothing (the layer already looked as published, or there is no such layer).
 */
export async function restorePublisherStyle(
  target: StyleRestoreTarget,
  layerId: string,
): Promise<('paint' | 'filter')[]> {
  const record = target.layerRecords().find((layer) => layer.id === layerId);
  const changes = publisherPaintChanges(target, layerId);
  if (!record || !changes) return [];
  const restored: ('paint' | 'filter')[] = [];
  if (Object.keys(changes).length > 0) {
    await target.setPaint(layerId, changes);
    restored.push('paint');
  }
  if (record.filter !== undefined) {
    await target.setFilter(layerId, null);
    restored.push('filter');
  }
  return restored;
}
