import { describe, expect, it } from 'vitest';
import { busyBetween, formatFileTimes, machineBusySeconds } from './file-times';

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

describe("the machine's CPU seconds beside each file's time", () => {
  it('adds a column and a sum when every file has its CPU seconds', () => {
    expect(
      formatFileTimes([
        { file: 'test/e2e/map/map.e2e.test.ts', seconds: 9.04, state: 'passed', cpuSeconds: 15.2 },
        { file: 'test/e2e/app/shell.e2e.test.ts', seconds: 4, state: 'passed', cpuSeconds: 6.7 },
      ]),
    ).toEqual([
      "Time per file, slowest first (2 files; CPU-s is the machine's while the file ran):",
      '  9.0 s  15.2 CPU-s  test/e2e/map/map.e2e.test.ts',
      '  4.0 s   6.7 CPU-s  test/e2e/app/shell.e2e.test.ts',
      '  13.0 s in all files together (files that ran at once overlap in wall time)',
      '  21.9 CPU-s in all files together (files that ran at once share theirs)',
    ]);
  });

  it('reads busy time from /proc/stat as all but idle and iowait, in seconds', () => {
    expect(
      machineBusySeconds(
        () => 'cpu  1000 50 300 9000 200 10 40 0 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\n',
      ),
    ).toBe(14);
  });

  it('knows nothing where the machine does not say', () => {
    expect(machineBusySeconds(() => 'not a stat file')).toBeUndefined();
    expect(
      machineBusySeconds(() => {
        throw new Error('ENOENT');
      }),
    ).toBeUndefined();
  });
});

describe("a file's CPU seconds, read off the run's samples over the file's span", () => {
  const samples = [
    { at: 1_000, busy: 100 },
    { at: 1_250, busy: 100.5 },
    { at: 1_500, busy: 101.5 },
  ];

  it('interpolates between the samples around each end of the span', () => {
    expect(busyBetween(samples, 1_000, 1_500)).toBeCloseTo(1.5);
    expect(busyBetween(samples, 1_125, 1_375)).toBeCloseTo(0.25 + 0.5);
  });

  it('gives a short file its share rather than 0 or nothing', () => {
    expect(busyBetween(samples, 1_300, 1_310)).toBeCloseTo(0.04);
  });

  it('knows nothing of a span the samples do not cover', () => {
    expect(busyBetween(samples, 900, 1_200)).toBeUndefined();
    expect(busyBetween(samples, 1_200, 1_600)).toBeUndefined();
    expect(busyBetween([], 0, 1)).toBeUndefined();
  });
});
