// `fixture_rows`, a local tool registered in the built app for browser tests and benches: it puts a
// named result into the page's ResultStore and returns it as a table, as the SQL server's query does,
// so a scripted model can show a 100,000-row result or a ranking without a dataset for each.
import { waitInPage } from './harness';
import type { Page } from 'playwright-core';

/**
 * The registration, as source text: evaluated as a string so that no build step's helpers (tsx names
 * its functions with `__name`) are sent to the page.
 */
const registration = `(() => {
  const app = window.mapwright;
  const counties = [
    'Los Angeles County, California', 'Kern County, California',
    'San Bernardino County, California', 'Riverside County, California',
    'Imperial County, California', 'Alameda County, California', 'Humboldt County, California',
    'Mendocino County, California', 'Inyo County, California', 'Mono County, California',
  ];
  const fixtures = {
    ranking: () => counties.map((county, index) => ({ county, quakes: 500 - index * 37 })),
    states: () => ['TX', 'CA', 'AK', 'NV', 'OK', 'WA'].map((state, index) => ({ state, quakes: 90 - index * 12 })),
    monthly: () => Array.from({ length: 24 }, (unused, index) => ({
      month: new Date(Date.UTC(2001, index, 1)).toISOString(),
      quakes: index === 5 ? null : 10 + ((index * 7) % 13),
    })),
    // 1 January to 1 July 2001, as the flights' daily counts: the last month's tick is the axis's end.
    daily: () => Array.from({ length: 182 }, (unused, index) => ({
      day: new Date(Date.UTC(2001, 0, 1 + index)).toISOString().slice(0, 10),
      quakes: 5 + ((index * 11) % 17),
    })),
    big: () => Array.from({ length: 100000 }, (unused, index) => ({
      reading: index + 1,
      time: new Date(Date.UTC(2001, 0, 1, 0, 1) + index * 60000).toISOString(),
      amount: index === 0 ? 1234567 : index * 3,
    })),
    places: () => [
      { name: 'Anchorage', quakes: 40, latitude: 61.2, longitude: -149.9 },
      { name: 'Fairbanks', quakes: 25, latitude: 64.8, longitude: -147.7 },
      { name: 'Juneau', quakes: 12, latitude: 58.3, longitude: -134.4 },
    ],
    ports: () => [
      { name: 'Kodiak', quakes: 31, latitude: 57.8, longitude: -152.4 },
      { name: 'Valdez', quakes: 18, latitude: 61.1, longitude: -146.3 },
      { name: 'Sitka', quakes: 9, latitude: 57.05, longitude: -135.3 },
    ],
  };
  app.registry.register({
    name: 'fixture_rows',
    description: 'Rows for a browser test.',
    origin: { kind: 'local' },
    inputSchema: { type: 'object', properties: { name: { enum: Object.keys(fixtures) } }, required: ['name'] },
    execute: async (args) => {
      const resultId = String(args.name);
      const rows = fixtures[resultId]();
      const columns = Object.keys(rows[0]).map((name) => ({ name, type: typeof rows[0][name] }));
      app.resultStore.put({ resultId, serverId: 'embedded', columns, rows, totalRows: rows.length });
      return {
        content: rows.length + ' rows, result_id=' + resultId,
        data: { kind: 'table', resultId, columns, totalRows: rows.length },
      };
    },
  });
})()`;

/** The fixtures `fixture_rows` serves, by name (its `name` argument). */
export type ResultFixture = 'ranking' | 'states' | 'monthly' | 'daily' | 'big' | 'places' | 'ports';

/** Registers `fixture_rows` in the app on `page` (after `window.mapwright` exists). */
export async function registerResultFixtures(page: Page): Promise<void> {
  await waitInPage(page, () => window.mapwright !== undefined);
  await page.evaluate(registration);
}
