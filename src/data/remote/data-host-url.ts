// Which table files are on a data host: given by URL, on one of the hosts of data.allowedHosts and not
// on the page's own origin. Those are read in part, by HTTP range; every other file is fetched whole.
import type { TableSource } from '../data-engine';

/**
 * The URL of `source`'s file when it is on one of `allowedHosts` and not on the page's origin (the
 * page's location unless `pageUrl` is given), else undefined.
 */
export function dataHostUrl(
  source: TableSource,
  { pageUrl, allowedHosts = [] }: { pageUrl?: string; allowedHosts?: readonly string[] },
): URL | undefined {
  const page = pageUrl ?? globalThis.location?.href;
  if (source.bytes || source.file || !source.url || page === undefined) return undefined;
  const url = new URL(source.url, page);
  const allowed = allowedHosts.map((host) => new URL(host).origin);
  if (url.origin === new URL(page).origin || !allowed.includes(url.origin)) return undefined;
  return url;
}
