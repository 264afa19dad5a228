// What the embedding browser tests share: the headers a publisher's host sends so other sites' pages
// can load the app (docs/configuration.md, "Publish").

/** CORS for every file of the app, and the preflight a Range request needs (tile archives). */
export const embedCorsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'Range',
  'access-control-expose-headers': 'Content-Length, Content-Range, ETag',
};
