// A server picks one location per request (nginx) or sets each header once (Apache, Caddy), so each
// location of a printed config must carry every header `_headers` gives its files: what a host reading
// `_headers` (and `vite preview`) sends for the same path.
import { describe, expect, it } from 'vitest';
import { headersForPath } from '../../scripts/publish/content-security-policy';
import { publishHeaders, revalidatedPaths } from '../../scripts/publish/publish-headers';
import { groupExact, serverLocations } from '../../scripts/publish/server-locations';
import { defaultAppConfig } from '../../src/config';

const { rules } = publishHeaders(defaultAppConfig());
const locations = serverLocations(rules);

describe('server locations from the _headers rules', () => {
  it('gives each location exactly the headers _headers gives a file under it', () => {
    const samples: ['prefix' | 'exact', string, string][] = [
      ['prefix', '/', '/data/airports.csv'],
      ['exact', '/', '/'],
      ['exact', '/index.html', '/index.html'],
      ['exact', '/sw.js', '/sw.js'],
      ['prefix', '/assets/', '/assets/start-map-abc123.js'],
      ['prefix', '/assets/duckdb-worker-', '/assets/duckdb-worker-eh-abc123.js'],
    ];
    for (const [kind, path, file] of samples) {
      const location = locations.find(
        (candidate) => candidate.kind === kind && candidate.path === path,
      );
      expect(location?.headers, path).toEqual(headersForPath(rules, file));
    }
  });

  it('keeps the page, its config and the service worker revalidated, and hashed assets for good', () => {
    for (const path of ['/', '/index.html', '/app-config.json', '/sw.js'])
      expect(headersForPath(rules, path)['Cache-Control']).toBe('no-cache');
    expect(headersForPath(rules, '/assets/duckdb-eh-1.wasm')['Cache-Control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(headersForPath(rules, '/data/airports.csv')['Cache-Control']).toBeUndefined();
  });

  it('lists the least specific first, and groups the exact paths that share their headers', () => {
    expect(locations[0]).toMatchObject({ kind: 'prefix', path: '/' });
    const groups = groupExact(locations);
    const exact = groups.filter((group) => group[0]?.kind === 'exact');
    expect(exact).toHaveLength(1);
    expect(exact[0]?.map((location) => location.path).sort()).toEqual([...revalidatedPaths].sort());
  });
});
