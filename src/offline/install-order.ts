// The order the offline copy downloads a build in: the shell first (the page, its config, scripts and
// styles), then the bundled data (tiles, tables), then the rest (WebAssembly, the largest files). An
// install cut short keeps what it cached, and the next one reuses it, so the files a revisit needs
// first are the ones most likely to be there.
import type { PrecacheEntry } from './precache-manifest';

/** 0 for the shell, 1 for the bundled data, 2 for the rest. */
export function installRank(url: string): number {
  if (url.startsWith('data/')) return 1;
  if (/\.(?:html|json|css|m?js|md)$/.test(url)) return 0;
  return 2;
}

/** The entries an install downloads (the lazy ones are left out), in the order it downloads them. */
export function installOrder(entries: readonly PrecacheEntry[]): PrecacheEntry[] {
  return entries
    .filter((entry) => !entry.lazy)
    .map((entry, index) => ({ entry, index, rank: installRank(entry.url) }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map(({ entry }) => entry);
}
