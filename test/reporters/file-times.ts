// A reporter that prints every test file's time at the end of a run, slowest first, so the files that
// make the suite long are visible in each run's log (unit and browser runs alike).
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** One file's time: the file's path in the project and its seconds, import and hooks included. */
export interface FileTime {
  file: string;
  seconds: number;
  state: string;
}

/** A file's time as the person waiting for it sees it: its set-up, its import, its tests and hooks. */
export function fileTime(testModule: TestModule): FileTime {
  const diagnostic = testModule.diagnostic();
  const milliseconds =
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.collectDuration +
    diagnostic.setupDuration +
    diagnostic.duration;
  return {
    file: testModule.relativeModuleId,
    seconds: milliseconds / 1000,
    state: testModule.state(),
  };
}

/** The lines printed: a heading, one line a file, slowest first, and the sum over all files. */
export function formatFileTimes(times: readonly FileTime[]): string[] {
  if (times.length === 0) return [];
  const sorted = [...times].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const total = sorted.reduce((sum, time) => sum + time.seconds, 0);
  const width = Math.max(...sorted.map((time) => time.seconds.toFixed(1).length));
  return [
    `Time per file, slowest first (${sorted.length} ${sorted.length === 1 ? 'file' : 'files'}):`,
    ...sorted.map(
      (time) =>
        `  ${time.seconds.toFixed(1).padStart(width)} s  ${time.file}${time.state === 'passed' ? '' : `  (${time.state})`}`,
    ),
    `  ${total.toFixed(1)} s in all files together (files that ran at once overlap in wall time)`,
  ];
}

/** Prints `formatFileTimes` through Vitest's logger once the run ends. */
export default class FileTimesReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const lines = formatFileTimes(testModules.map(fileTime));
    if (lines.length > 0) this.vitest?.logger.log(['', ...lines].join('\n'));
  }
}
