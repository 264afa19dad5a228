// Exports are named after the conversation and its date, never `conversation.md` for every one.
import { describe, expect, it } from 'vitest';
import { exportFileName, slugify } from '../../../src/conversations/export/export-file-name';

describe('export file names', () => {
  it('slugify keeps words, drops punctuation and accents', () => {
    expect(slugify('Where were the strongest earthquakes?')).toBe(
      'where-were-the-strongest-earthquakes',
    );
    expect(slugify('Crème brûlée — São Paulo’s cafés')).toBe('creme-brulee-sao-paulo-s-cafes');
  });

  it('falls back to "conversation" when nothing usable is left', () => {
    expect(slugify('???')).toBe('conversation');
    expect(slugify('東京')).toBe('conversation');
  });

  it('cuts a long title without a trailing hyphen', () => {
    const slug = slugify(`${'word '.repeat(30)}end`);
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.endsWith('-')).toBe(false);
  });

  it('adds the local date the conversation started and the extension', () => {
    const started = new Date(2025, 2, 4, 23, 30).getTime();
    expect(exportFileName('Airports in Alaska?', started, 'md')).toBe(
      'airports-in-alaska-2025-03-04.md',
    );
    expect(exportFileName('Airports in Alaska?', started, 'json')).toBe(
      'airports-in-alaska-2025-03-04.json',
    );
  });
});
