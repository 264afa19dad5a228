import { describe, expect, it } from 'vitest';
import { formatFileTimes } from './file-times';

describe('the time per file printed at the end of a run', () => {
  it('lists every file slowest first, marks the ones that did not pass, and sums them', () => {
    expect(
      formatFileTimes([
        { file: 'test/e2e/map/map.e2e.test.ts', seconds: 9.04, state: 'passed' },
        { file: 'test/e2e/data/upload-large-csv.e2e.test.ts', seconds: 61.5, state: 'passed' },
        { file: 'test/e2e/chat/chat.e2e.test.ts', seconds: 22.25, state: 'failed' },
      ]),
    ).toEqual([
      'Time per file, slowest first (3 files):',
      '  61.5 s  test/e2e/data/upload-large-csv.e2e.test.ts',
      '  22.3 s  test/e2e/chat/chat.e2e.test.ts  (failed)',
      '   9.0 s  test/e2e/map/map.e2e.test.ts',
      '  92.8 s in all files together (files that ran at once overlap in wall time)',
    ]);
  });

  it('prints nothing when no file ran', () => {
    expect(formatFileTimes([])).toEqual([]);
  });
});
