import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defaultAppConfig, validateAppConfig } from '../../src/config';

describe('app config validation', () => {
  it('accepts the shipped public/app-config.json without a single problem', () => {
    const raw = JSON.parse(readFileSync('public/app-config.json', 'utf8')) as unknown;
    const { config, problems } = validateAppConfig(raw);
    expect(problems).toEqual([]);
    expect(config.datasets.map((dataset) => dataset.id)).toEqual([
      'earthquakes',
      'airports',
      'flights',
      'counties',
    ]);
  });

  it('names the wrong field and why, and keeps every other field', () => {
    const { config, problems } = validateAppConfig({
      title: 'Quakes',
      initialView: { center: [-120, 'north'], zoom: 3 },
      limits: { maxRounds: 80 },
      examplePrompts: ['Where?'],
    });
    expect(config.title).toBe('Quakes');
    expect(config.examplePrompts).toEqual(['Where?']);
    expect(config.initialView).toEqual(defaultAppConfig().initialView);
    expect(config.limits.maxRounds).toBe(10);
    expect(problems).toContainEqual({
      path: 'initialView.center[1]',
      message: 'must be a number, not "north" (using the default initialView)',
    });
    expect(problems).toContainEqual({
      path: 'limits.maxRounds',
      message: '80 is greater than 50. (using the default limits)',
    });
  });

  it('keeps the app for offline visits unless the publisher turns it off, and reports a non-boolean', () => {
    expect(defaultAppConfig().offline).toBe(true);
    expect(validateAppConfig({ offline: false }).config.offline).toBe(false);
    const wrong = validateAppConfig({ offline: 'no' });
    expect(wrong.config.offline).toBe(true);
    expect(wrong.problems.map((problem) => problem.path)).toEqual(['offline']);
  });

  it('switches each way of explaining calls on its own, keeps the others at their defaults, and reports a non-boolean', () => {
    expect(defaultAppConfig().explainCalls).toEqual({
      promptRule: true,
      reminder: false,
      explanationArgument: true,
      quickExplanation: false,
    });
    const { config, problems } = validateAppConfig({
      explainCalls: { reminder: true, promptRule: false, quickExplanation: true },
    });
    expect(problems).toEqual([]);
    expect(config.explainCalls).toEqual({
      promptRule: false,
      reminder: true,
      explanationArgument: true,
      quickExplanation: true,
    });
    const wrong = validateAppConfig({ explainCalls: { promptRule: 'yes', shout: true } });
    expect(wrong.config.explainCalls).toEqual(defaultAppConfig().explainCalls);
    expect(wrong.problems.map((problem) => problem.path)).toEqual(
      expect.arrayContaining(['explainCalls.promptRule']),
    );
    expect(wrong.problems.length).toBeGreaterThanOrEqual(2);
  });

  it('skips only the broken dataset and says which field of it is wrong', () => {
    const good = defaultAppConfig().datasets[0];
    const { config, problems } = validateAppConfig({
      datasets: [
        good,
        { ...good, id: 'broken', table: 'broken', source: { url: 'x.xlsx', format: 'xlsx' } },
      ],
    });
    expect(config.datasets.map((dataset) => dataset.id)).toEqual(['earthquakes']);
    expect(problems).toHaveLength(1);
    expect(problems[0]?.path).toBe('datasets[1].source.format');
    expect(problems[0]?.message).toContain(
      "must be one of 'csv', 'tsv', 'parquet', 'geojson', 'arrow', 'json', not \"xlsx\"",
    );
  });

  it('reports a missing geometry column mapping and an unknown field', () => {
    const { problems } = validateAppConfig({
      datasets: [
        {
          id: 'a',
          title: 'A',
          table: 'a',
          source: { url: 'a.csv', format: 'csv' },
          geometry: { kind: 'points', lon: 'x' },
        },
      ],
      colour: 'red',
    });
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: 'datasets[0].geometry',
        message: expect.stringContaining("required field 'lat'"),
      }),
    );
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: 'colour',
        message: expect.stringContaining('not a known field'),
      }),
    );
  });

  it('asks a tiled dataset for its layer type and a .pmtiles archive', () => {
    const { layer: _layer, ...untyped } = defaultAppConfig().datasets[0]!;
    const { config, problems } = validateAppConfig({
      datasets: [untyped, { ...defaultAppConfig().datasets[1], tiles: 'data/airports.mbtiles' }],
    });
    expect(config.datasets).toEqual([]);
    expect(problems).toContainEqual(
      expect.objectContaining({
        path: 'datasets[0]',
        message: expect.stringContaining("required field 'layer'"),
      }),
    );
    expect(problems).toContainEqual(expect.objectContaining({ path: 'datasets[1].tiles' }));
  });

  it('refuses duplicate dataset ids', () => {
    const good = defaultAppConfig().datasets[0];
    const { config, problems } = validateAppConfig({ datasets: [good, good] });
    expect(config.datasets).toHaveLength(1);
    expect(problems[0]?.message).toContain("repeats the id 'earthquakes'");
  });

  it('falls back to defaults for a config that is not an object', () => {
    const { config, problems } = validateAppConfig([1, 2]);
    expect(config).toEqual(defaultAppConfig());
    expect(problems[0]?.path).toBe('(root)');
  });
  it('takes a systemPromptUrl, and reports an empty one without fetching anything', () => {
    expect(validateAppConfig({ systemPromptUrl: 'prompts/quakes.md' }).config.systemPromptUrl).toBe(
      'prompts/quakes.md',
    );
    const { config, problems } = validateAppConfig({ systemPromptUrl: '' });
    expect(config.systemPromptUrl).toBeUndefined();
    expect(problems).toContainEqual(expect.objectContaining({ path: 'systemPromptUrl' }));
  });

  it('lets the page reach no host by default, and only origins a publisher names', () => {
    expect(defaultAppConfig().data.allowedHosts).toEqual([]);
    const allowed = validateAppConfig({
      data: { allowedHosts: ['https://data.example.org', 'http://127.0.0.1:8080'] },
    });
    expect(allowed.problems).toEqual([]);
    expect(allowed.config.data.allowedHosts).toEqual([
      'https://data.example.org',
      'http://127.0.0.1:8080',
    ]);
    for (const wrong of [
      'data.example.org',
      'https://data.example.org/files',
      'https://user@data.example.org',
      'https://data.example.org?x=1',
      'ftp://data.example.org',
    ]) {
      const { config, problems } = validateAppConfig({ data: { allowedHosts: [wrong] } });
      expect(config.data.allowedHosts, wrong).toEqual([]);
      expect(problems, wrong).toContainEqual(
        expect.objectContaining({ path: 'data.allowedHosts[0]' }),
      );
    }
  });
});
