import { describe, expect, it } from 'vitest';
import {
  buildSystemPrompt,
  catalogEntryFromConfig,
  defaultAppConfig,
  explainCallsRule,
} from '../../src/config';

const datasets = defaultAppConfig().datasets.map((dataset) =>
  catalogEntryFromConfig(dataset, dataset.geometry.kind === 'none' ? undefined : dataset.id),
);

describe('system prompt', () => {
  it('is byte-identical when built again from equal inputs (a stable cache prefix)', () => {
    const first = buildSystemPrompt({ basePrompt: 'You are Mapwright.', datasets });
    const second = buildSystemPrompt({
      basePrompt: 'You are Mapwright.',
      datasets: structuredClone(datasets),
    });
    expect(second).toBe(first);
  });

  it('asks for a sentence before every call needing approval, with follow-up examples, only when on', () => {
    const off = buildSystemPrompt({ basePrompt: 'You are Mapwright.', datasets });
    expect(off).not.toContain('Before every call that needs approval');
    const input = { basePrompt: 'You are Mapwright.', datasets, explainCalls: true };
    const on = buildSystemPrompt(input);
    expect(on).toContain(explainCallsRule);
    expect(on).toContain('Follow-up after a result');
    expect(buildSystemPrompt(structuredClone(input))).toBe(on);
  });

  it('names the data credentials as placeholders, never their values, and only when there are some', () => {
    const without = buildSystemPrompt({ basePrompt: 'You are Mapwright.', datasets });
    expect(without).not.toContain('Data credentials');
    const prompt = buildSystemPrompt({
      basePrompt: 'You are Mapwright.',
      datasets,
      credentialNames: ['API_TOKEN', 'PG_PASSWORD'],
    });
    expect(prompt.startsWith(without)).toBe(true);
    expect(prompt).toContain('## Data credentials');
    expect(prompt).toContain('{{secret:API_TOKEN}}, {{secret:PG_PASSWORD}}');
  });

  it('contains no date or time that would change between turns', () => {
    const prompt = buildSystemPrompt({ basePrompt: 'You are Mapwright.', datasets });
    expect(prompt).not.toMatch(new RegExp(String(new Date().getFullYear())));
  });

  it('lists every table with its columns and descriptions, and the tool guidance', () => {
    const prompt = buildSystemPrompt({ basePrompt: 'You are Mapwright.', datasets });
    expect(prompt.startsWith('You are Mapwright.')).toBe(true);
    expect(prompt).toContain('table `flights`; SQL only');
    expect(prompt).toContain('- origin: Origin airport code (text); joins airports.iata');
    expect(prompt).toContain('map layer `counties`');
    expect(prompt).toContain('set_filter');
  });

  it('has a short variant for a small context that still names every table, layer and column', () => {
    const input = { basePrompt: 'You are Mapwright.', datasets, explainCalls: true };
    const full = buildSystemPrompt(input);
    const short = buildSystemPrompt({ ...input, compact: true });
    expect(short.length).toBeLessThan(full.length * 0.6);
    for (const dataset of datasets) {
      expect(short).toContain(`table \`${dataset.table}\``);
      if (dataset.layerId) expect(short).toContain(`layer \`${dataset.layerId}\``);
      for (const column of Object.keys(dataset.columns)) expect(short).toContain(column);
    }
    expect(short).toContain('Before every call that needs approval');
    expect(short).not.toContain(explainCallsRule);
  });
});
