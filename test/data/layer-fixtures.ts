// Small upload files shared by the tests of the worker that reads uploads' layers.

/** Text as the bytes a picked file gives. */
export const encode = (text: string): Uint8Array => new TextEncoder().encode(text);
/** A GeoJSON of two named points. */
export const sites = JSON.stringify({
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { name: 'a' },
      geometry: { type: 'Point', coordinates: [1, 2] },
    },
    {
      type: 'Feature',
      properties: { name: 'b' },
      geometry: { type: 'Point', coordinates: [3, 4] },
    },
  ],
});
