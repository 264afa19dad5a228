// What the production build ships: libraries the app never uses stay out of the bundle.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { distDir } from '../../servers/static-server';

const scripts = () =>
  readdirSync(join(distDir, 'assets'))
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    .map((file) => ({ file, text: readFileSync(join(distDir, 'assets', file), 'utf8') }));

describe('the production bundle', () => {
  it('leaves out Ajv, ajv-formats and fast-uri (the app validates MCP schemas with @cfworker/json-schema)', () => {
    // Strings only those libraries contain: Ajv's option names and error texts, ajv-formats' format
    // table, fast-uri's scheme handlers.
    const signatures = ['strictSchema', 'unicodeRegExp', 'ajv-formats', 'uriTokenizer', 'urn:uuid'];
    const found = scripts().flatMap(({ file, text }) =>
      signatures
        .filter((signature) => text.includes(signature))
        .map((signature) => `${file}: ${signature}`),
    );
    expect(found).toEqual([]);
  });

  it('keeps CodeMirror and Observable Plot out of the chat chunk: they load with the first card or chart', () => {
    // Strings only those libraries contain: @codemirror/view's scroller class and @codemirror/state's
    // error text; Plot's default class name and its `ariaDescription` option.
    const signatures = [
      'cm-scroller',
      'Unrecognized extension value',
      'plot-d6a7b5',
      'ariaDescription',
    ];
    const all = scripts();
    const chat = all.filter(({ file }) => file.startsWith('mount-chat-'));
    expect(chat).toHaveLength(1);
    expect(signatures.filter((signature) => chat[0]!.text.includes(signature))).toEqual([]);
    // Still shipped, in chunks of their own.
    for (const signature of signatures)
      expect(
        all.some(({ text }) => text.includes(signature)),
        signature,
      ).toBe(true);
  });

  it('keeps CodeMirror, Observable Plot and DuckDB-WASM out of the initial chunks (the entry and the map)', () => {
    // The entry (`main-*`, what index.html loads) and the map chunk it imports at once (`start-map-*`)
    // are all the JavaScript before the map draws; the editor, charts and SQL engine load after it.
    const signatures = [
      'cm-scroller',
      'Unrecognized extension value',
      'plot-d6a7b5',
      'ariaDescription',
      'AsyncDuckDB',
    ];
    const initial = scripts().filter(
      ({ file }) => file.startsWith('main-') || file.startsWith('start-map-'),
    );
    expect(initial.filter(({ file }) => file.startsWith('main-'))).toHaveLength(1);
    expect(initial.filter(({ file }) => file.startsWith('start-map-'))).toHaveLength(1);
    const found = initial.flatMap(({ file, text }) =>
      signatures
        .filter((signature) => text.includes(signature))
        .map((signature) => `${file}: ${signature}`),
    );
    expect(found).toEqual([]);
  });

  it('still ships the validator the app uses', () => {
    expect(scripts().some(({ text }) => text.includes('Ajv is not bundled'))).toBe(true);
  });
});
