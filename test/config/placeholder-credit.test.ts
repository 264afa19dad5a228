// The credit add-dataset writes until the publisher names who made the data is found wherever it is
// left, so the build, `npm run headers` and the page's console can say which datasets carry it.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configFromFile } from '../../scripts/build/vite-plugin-security-headers';
import {
  datasetsWithPlaceholderCredit,
  placeholderCredit,
  placeholderCreditWarning,
} from '../../src/config/placeholder-credit';

afterEach(() => vi.restoreAllMocks());

const credited = { id: 'quakes', attribution: 'Earthquakes: USGS' };
const placeholder = { id: 'sites', attribution: placeholderCredit('Sites') };

describe('the placeholder credit', () => {
  it('names the datasets that still carry it, and only those', () => {
    expect(datasetsWithPlaceholderCredit([credited, placeholder, { id: 'bare' }])).toEqual([
      'sites',
    ]);
    expect(placeholderCreditWarning([credited])).toBeUndefined();
    expect(placeholderCreditWarning([credited, placeholder])).toContain('dataset "sites"');
  });

  it('is warned of when the build or `npm run headers` reads the config', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'mapwright-credit-'));
    try {
      const path = join(folder, 'app-config.json');
      await writeFile(
        path,
        JSON.stringify({
          datasets: [
            {
              ...placeholder,
              title: 'Sites',
              table: 'sites',
              source: { url: 'data/sites.csv', format: 'csv' },
              geometry: { kind: 'points', lon: 'lon', lat: 'lat' },
            },
          ],
        }),
      );
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      await configFromFile(path);
      expect(warn.mock.calls.flat().join('\n')).toMatch(
        /credit of dataset "sites" is still the placeholder/,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
