// A generated GeoJSON of many points, for the upload benchmark and the browser test that shows an
// upload does not freeze the page.

/** A GeoJSON FeatureCollection of `count` points with a few properties each (~18 MB at 100k). */
export function pointsGeoJson(count: number): string {
  const features = [];
  for (let index = 0; index < count; index += 1) {
    features.push({
      type: 'Feature',
      properties: { id: index, name: `place number ${index}`, value: index % 97, kind: 'site' },
      geometry: {
        type: 'Point',
        coordinates: [-125 + ((index * 7919) % 5800) / 100, 25 + ((index * 104729) % 2400) / 100],
      },
    });
  }
  return JSON.stringify({ type: 'FeatureCollection', features });
}
