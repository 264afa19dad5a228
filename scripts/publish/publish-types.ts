// The media type of every kind of file a build holds, for servers whose own table lacks one: Debian 12's
// nginx has no `mjs`, and no server knows `pmtiles` or `parquet`. With `X-Content-Type-Options:
// nosniff` a script sent as text/plain is refused, so the printed configs carry the whole table.
import mimeTypes from 'mime-types';

// Data formats the media type database does not name.
const dataTypes: Record<string, string> = {
  pmtiles: 'application/vnd.pmtiles',
  parquet: 'application/vnd.apache.parquet',
  arrow: 'application/vnd.apache.arrow.file',
};

// What a build and a publisher's additions hold (data files, icons, fonts), and what sits beside them.
const extensions = [
  ...['html', 'css', 'js', 'mjs', 'json', 'map', 'wasm', 'md', 'txt', 'xml'],
  ...['csv', 'tsv', 'geojson'],
  ...['png', 'jpg', 'gif', 'svg', 'webp', 'ico', 'woff', 'woff2'],
];

/** Extension (no dot) → media type, for every kind of file the app is published with. */
export const publishTypes: Record<string, string> = Object.fromEntries([
  ...extensions.map((extension) => {
    const type = mimeTypes.lookup(extension);
    if (type === false) throw new Error(`no media type for .${extension}`);
    return [extension, type];
  }),
  ...Object.entries(dataTypes),
]);
