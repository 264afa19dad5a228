// Config is data: whatever a publisher (or someone who can edit app-config.json) writes into a URL or a
// source, the page's policy keeps the same directives, once each, in the same order, as one policy, and
// dist/_headers keeps the same header lines. Thousands of generated strings go through every config
// field that reaches the policy, both straight into the policy writer and through the config's
// validation (what the build does).
import { describe, expect, it } from 'vitest';
import {
  assetCacheRule,
  headersFile,
  securityPolicy,
} from '../../scripts/publish/content-security-policy';
import { defaultAppConfig, validateAppConfig } from '../../src/config';
import { seededRandom } from '../seeded-random';
import type { AppConfig } from '../../src/config';

/** A policy as a browser reads it: one policy per `,`, directives split on `;`, first token the name. */
function directiveNames(header: string): string[][] {
  return header.split(',').map((policy) =>
    policy
      .split(';')
      .map((directive) => directive.trim())
      .filter((directive) => directive.length > 0)
      .map((directive) => directive.split(/[\t\n\f\r ]+/)[0]!.toLowerCase()),
  );
}

function directiveValue(header: string, name: string): string[] {
  const directive = header
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.split(' ')[0] === name);
  return directive?.split(' ').slice(1) ?? [];
}

/** What a `_headers` file's lines are, without their values: the path lines and the header names. */
function headerLineShapes(file: string): string[] {
  return file.split('\n').map((line) => (line.startsWith(' ') ? line.split(':')[0]! : line));
}

function headersOf(config: AppConfig): string {
  return headersFileOf(securityPolicy(config).headers);
}

function headersFileOf(headers: Record<string, string>): string {
  return headersFile([{ path: '/*', headers }, assetCacheRule]);
}

// A source the policy may hold: a keyword the writer adds, a scheme, or an origin rebuilt from parts.
const sourceShape =
  /^(?:'self'|'none'|blob:|data:|(?:https?|wss?):|(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9.-]+(?::(?:\d{1,5}|\*))?(?:\/[A-Za-z0-9._~%!$&()*+=:@/-]*)?|https?:\/\/\[[0-9a-f:.]+\](?::\d{1,5})?)$/;

const asciiPunctuation = [...'!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'];
const whitespace = [' ', '\t', '\n', '\r', '\v', '\f'];
const unicodeSpaces = [
  ...'\u0085\u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a',
  ...'\u200b\u2028\u2029\u202f\u205f\u3000\ufeff\u00ad\u200e\u202e',
];
const controls = Array.from({ length: 32 }, (_, code) => String.fromCharCode(code)).concat(
  '\u007f',
);
const ordinary = [...'abcxyz019-.', 'é', 'ü', '中'];
// Whole pieces of policy syntax an attacker would aim for.
const syntax = [
  ';frame-ancestors ',
  '; sandbox',
  ",script-src 'unsafe-inline'",
  "'none'",
  " 'unsafe-eval' ",
  '; report-uri http://e.example/',
  '*',
  'http://',
  '%3B',
  '\r\nX-Injected: 1',
];
const pieces = [
  ...asciiPunctuation,
  ...whitespace,
  ...unicodeSpaces,
  ...controls,
  ...ordinary,
  ...syntax,
];

function hostileString(random: () => number): string {
  const length = 1 + Math.floor(random() * 8);
  let text = '';
  for (let index = 0; index < length; index++)
    text += pieces[Math.floor(random() * pieces.length)]!;
  return text;
}

// Where the generated text goes in a URL: the host above all, where the URL parser keeps most of it.
const templates: Array<(text: string) => string> = [
  (text) => `http://a${text}b/mcp`,
  (text) => `https://${text}`,
  (text) => `https://data.example.org${text}`,
  (text) => `https://x${text}.example.org:8443/v1`,
  (text) => `https://h.example.org/${text}`,
  (text) => `${text}https://a.example.org`,
  (text) => text,
];

const datasets = defaultAppConfig().datasets;
const earthquakes = datasets.find((dataset) => dataset.geometry.kind === 'geojson');
const counties = datasets.find((dataset) => dataset.geometry.kind === 'shapes');

/** Every config field that reaches the policy or `_headers`, as a change to the raw config file. */
const fields: Record<string, (value: string) => Record<string, unknown>> = {
  'llm.providers[].endpoint': (endpoint) => ({
    llm: { providers: [{ id: 'p', kind: 'openai-compatible', endpoint, models: ['m'] }] },
  }),
  'mcpServers[].url': (url) => ({ mcpServers: [{ id: 't', url }] }),
  'basemap.url': (url) => ({ basemap: { kind: 'style', url } }),
  systemPromptUrl: (systemPromptUrl) => ({ systemPromptUrl }),
  'data.allowedHosts[]': (host) => ({ data: { allowedHosts: [host] } }),
  'datasets[].source.url': (url) => ({
    datasets: [{ ...earthquakes!, source: { ...earthquakes!.source, url } }],
  }),
  'datasets[].tiles': (tiles) => ({
    datasets: [{ ...earthquakes!, tiles: `${tiles}.pmtiles` }],
  }),
  'datasets[].geometry.url': (url) => ({
    datasets: [{ ...counties!, geometry: { ...(counties!.geometry as object), url } }],
  }),
  'security.connectSrc[]': (source) => ({ security: { connectSrc: [source] } }),
  'security.frameAncestors[]': (source) => ({ security: { frameAncestors: [source] } }),
};

/** The raw change laid over the default config without validation: the writer must hold by itself. */
function unvalidated(change: Record<string, unknown>): AppConfig {
  const defaults = defaultAppConfig();
  const merged: Record<string, unknown> = { ...defaults };
  for (const [key, value] of Object.entries(change)) {
    const fallback = (defaults as unknown as Record<string, unknown>)[key];
    merged[key] =
      fallback && typeof fallback === 'object' && !Array.isArray(fallback)
        ? { ...fallback, ...(value as object) }
        : value;
  }
  return merged as unknown as AppConfig;
}

const baseline = securityPolicy(defaultAppConfig());
const baselineMeta = directiveNames(baseline.metaPolicy);
const baselineHeader = directiveNames(baseline.headers['Content-Security-Policy']!);
const baselineLines = headerLineShapes(headersOf(defaultAppConfig()));
const baselineMetaText = JSON.stringify(baselineMeta);
const baselineHeaderText = JSON.stringify(baselineHeader);
const baselineLinesText = JSON.stringify(baselineLines);

function expectSamePolicyShape(config: AppConfig, context: string): void {
  const { metaPolicy, headers } = securityPolicy(config);
  const header = headers['Content-Security-Policy']!;
  const meta = directiveNames(metaPolicy);
  const names = directiveNames(header);
  const sources = ['connect-src', 'frame-ancestors'].flatMap((name) =>
    directiveValue(header, name).map((source) => ({ name, source })),
  );
  const lines = headerLineShapes(headersFileOf(headers));
  // The same checks, first without expect(): each of its calls costs more than the policy it checks,
  // and 20,000 cases made them most of this file's CPU. Any difference is reported by expect() below.
  if (
    JSON.stringify(meta) === baselineMetaText &&
    JSON.stringify(names) === baselineHeaderText &&
    sources.every(({ source }) => sourceShape.test(source)) &&
    JSON.stringify(lines) === baselineLinesText
  )
    return;
  expect(meta, context).toEqual(baselineMeta);
  expect(names, context).toEqual(baselineHeader);
  for (const { name, source } of sources)
    expect(source, `${context}: ${name}`).toMatch(sourceShape);
  expect(lines, context).toEqual(baselineLines);
  throw new Error(
    `${context}: the policy differs from the default's, though no expect() said how.`,
  );
}

describe('a config URL cannot write policy syntax', () => {
  it('keeps frame-ancestors and the header lines for "http://a;frame-ancestors/mcp"', () => {
    const config = unvalidated({ mcpServers: [{ id: 't', url: 'http://a;frame-ancestors/mcp' }] });
    const header = securityPolicy(config).headers['Content-Security-Policy']!;
    expect(directiveNames(header)).toEqual(baselineHeader);
    expect(directiveValue(header, 'frame-ancestors')).toEqual(["'none'"]);
    expect(header).not.toContain('a;frame-ancestors');
    const validated = validateAppConfig({
      mcpServers: [{ id: 't', url: 'http://a;frame-ancestors/mcp' }],
    });
    expectSamePolicyShape(validated.config, 'validated');
  });

  it.each(Object.keys(fields))(
    '%s: thousands of generated strings leave the policy and _headers the same shape',
    (field) => {
      const seed = [...field].reduce((sum, character) => sum * 31 + character.charCodeAt(0), 7);
      const random = seededRandom(seed);
      const change = fields[field]!;
      for (let index = 0; index < 1_000; index++) {
        const template = templates[Math.floor(random() * templates.length)]!;
        const value = template(hostileString(random));
        const context = `${field} = ${JSON.stringify(value)} (seed ${seed}, case ${index})`;
        expectSamePolicyShape(unvalidated(change(value)), `${context}, unvalidated`);
        expectSamePolicyShape(validateAppConfig(change(value)).config, `${context}, validated`);
      }
    },
  );

  it('still lists a good URL of every field, rebuilt from its scheme, host and port', () => {
    const good: Record<string, string> = {
      'llm.providers[].endpoint': 'https://llm.example.com/v1',
      'mcpServers[].url': 'https://MCP.example.org:8443/mcp?x=1',
      'basemap.url': 'https://tiles.example.net/style.json',
      systemPromptUrl: 'https://prompts.example.com/p.md',
      'data.allowedHosts[]': 'https://data.example.org',
      'datasets[].source.url': 'https://files.example.com/q.geojson',
      'datasets[].tiles': 'https://tiles.example.com/q',
      'datasets[].geometry.url': 'https://[::1]:9000/counties.json',
      'security.connectSrc[]': 'https://*.Example.org:443/v1/',
    };
    const expected: Record<string, string> = {
      'llm.providers[].endpoint': 'https://llm.example.com',
      'mcpServers[].url': 'https://mcp.example.org:8443',
      'basemap.url': 'https://tiles.example.net',
      systemPromptUrl: 'https://prompts.example.com',
      'data.allowedHosts[]': 'https://data.example.org',
      'datasets[].source.url': 'https://files.example.com',
      'datasets[].tiles': 'https://tiles.example.com',
      'datasets[].geometry.url': 'https://[::1]:9000',
      'security.connectSrc[]': 'https://*.example.org:443/v1/',
    };
    for (const [field, value] of Object.entries(good)) {
      const { config, problems } = validateAppConfig(fields[field]!(value));
      expect(problems, field).toEqual([]);
      const header = securityPolicy(config).headers['Content-Security-Policy']!;
      expect(directiveValue(header, 'connect-src'), field).toContain(expected[field]);
    }
  });
});
