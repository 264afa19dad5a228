// The notice for a map source that fails to load (see MapController).

/**
 * What the person is told when a source fails: a data layer by its title, any other source as the
 * basemap's (the style's own sources), a failure of some tiles as such.
 */
export function sourceErrorMessage(
  layerTitle: string | undefined,
  failure: { sourceId: string | undefined; someTiles: boolean; message: string },
): string {
  const { sourceId, someTiles, message } = failure;
  if (!sourceId) return `The map reported an error: ${message}.`;
  const what = layerTitle ? `the layer '${layerTitle}'` : 'the basemap';
  const subject = someTiles
    ? `Some tiles of ${what}`
    : what.charAt(0).toUpperCase() + what.slice(1);
  return `${subject} could not load (${message}); the rest of the map works.`;
}
