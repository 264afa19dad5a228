// The storage line says how much of the browser's storage the app uses, whether the browser keeps it,
// and what happens when it is full (changes wait in the tab), in words a person reads at a glance.
import { describe, expect, it } from 'vitest';
import { formatBytes, storageUsageText } from '../../src/conversations/storage-usage';

describe('the storage line', () => {
  it('gives sizes as people read them', () => {
    expect(formatBytes(950)).toBe('950 bytes');
    expect(formatBytes(12_345_678)).toBe('12 MB');
    expect(formatBytes(1_234_567_890)).toBe('1.2 GB');
  });

  it('says whether the browser keeps the data, and what happens when it is full', () => {
    const space = { usage: 12_000_000, quota: 1_200_000_000 };
    expect(storageUsageText({ ...space, persisted: true })).toBe(
      'Using 12 MB of 1.2 GB. Kept until you delete it; when full, changes wait in this tab.',
    );
    expect(storageUsageText({ ...space, persisted: false })).toContain(
      'The browser may clear it when space runs low;',
    );
  });

  it('says how many conversations wait for space', () => {
    const text = storageUsageText(
      { usage: 1_200_000_000, quota: 1_200_000_000, persisted: true },
      2,
    );
    expect(text).toContain(
      'Using 1.2 GB of 1.2 GB. Storage is full: 2 conversations wait in this tab',
    );
  });
});
