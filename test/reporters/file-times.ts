// A reporter that prints every test file's time at the end of a run, slowest first, so the files that
// make the suite long are visible in each run's log (unit and browser runs alike). Where the machine
// says how busy its processors were (Linux's /proc/stat), each line also gives the CPU seconds the whole
// machine spent while that file ran: on two cores the suite is bound by CPU, so that is the figure a
// faster suite must cut. Files that ran at once share theirs.
import { readFileSync } from 'node:fs';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

/** One file's time: the file's path in the project and its seconds, import and hooks included. */
export interface FileTime {
  file: string;
  seconds: number;
  state: string;
  /** The machine's busy CPU seconds from the file's start to its end, where known. */
  cpuSeconds?: number;
}

/** A file's time as the person waiting for it sees it: its set-up, its import, its tests and hooks. */
export function fileTime(testModule: TestModule, cpuSeconds?: number): FileTime {
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
    ...(cpuSeconds === undefined ? {} : { cpuSeconds }),
  };
}

/** The machine's busy CPU seconds since boot, from /proc/stat's first line; undefined elsewhere. */
export function machineBusySeconds(
  readStat: () => string = () => readFileSync('/proc/stat', 'utf8'),
): number | undefined {
  try {
    const [label, ...fields] = readStat().split('\n', 1)[0]!.trim().split(/\s+/);
    if (label !== 'cpu') return undefined;
    // user nice system idle iowait irq softirq steal: busy is all but idle and iowait. USER_HZ is 100.
    const ticks = fields.slice(0, 8).map(Number);
    if (ticks.length < 8 || ticks.some((tick) => !Number.isFinite(tick))) return undefined;
    const busy = ticks.reduce((sum, tick) => sum + tick, 0) - ticks[3]! - ticks[4]!;
    return busy / 100;
  } catch {
    return undefined;
  }
}

/** The lines printed: a heading, one line a file, slowest first, and the sums over all files. */
export function formatFileTimes(times: readonly FileTime[]): string[] {
  if (times.length === 0) return [];
  const sorted = [...times].sort((a, b) => b.seconds - a.seconds || a.file.localeCompare(b.file));
  const total = sorted.reduce((sum, time) => sum + time.seconds, 0);
  const width = Math.max(...sorted.map((time) => time.seconds.toFixed(1).length));
  const withCpu = sorted.every((time) => time.cpuSeconds !== undefined);
  const cpuWidth = withCpu
    ? Math.max(...sorted.map((time) => time.cpuSeconds!.toFixed(1).length))
    : 0;
  const cpuColumn = (time: FileTime): string =>
    withCpu ? `${time.cpuSeconds!.toFixed(1).padStart(cpuWidth)} CPU-s  ` : '';
  const totalCpu = sorted.reduce((sum, time) => sum + (time.cpuSeconds ?? 0), 0);
  return [
    `Time per file, slowest first (${sorted.length} ${sorted.length === 1 ? 'file' : 'files'}${withCpu ? "; CPU-s is the machine's while the file ran" : ''}):`,
    ...sorted.map(
      (time) =>
        `  ${time.seconds.toFixed(1).padStart(width)} s  ${cpuColumn(time)}${time.file}${time.state === 'passed' ? '' : `  (${time.state})`}`,
    ),
    `  ${total.toFixed(1)} s in all files together (files that ran at once overlap in wall time)`,
    ...(withCpu
      ? [
          `  ${totalCpu.toFixed(1)} CPU-s in all files together (files that ran at once share theirs)`,
        ]
      : []),
  ];
}

/** Prints `formatFileTimes` through Vitest's logger once the run ends. */
export default class FileTimesReporter implements Reporter {
  private vitest?: Vitest;
  private readonly busyAtStart = new Map<string, number>();
  private readonly cpuSeconds = new Map<string, number>();

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestModuleStart(testModule: TestModule): void {
    const busy = machineBusySeconds();
    if (busy !== undefined) this.busyAtStart.set(testModule.moduleId, busy);
  }

  onTestModuleEnd(testModule: TestModule): void {
    const start = this.busyAtStart.get(testModule.moduleId);
    const end = machineBusySeconds();
    if (start !== undefined && end !== undefined)
      this.cpuSeconds.set(testModule.moduleId, end - start);
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    const lines = formatFileTimes(
      testModules.map((testModule) =>
        fileTime(testModule, this.cpuSeconds.get(testModule.moduleId)),
      ),
    );
    if (lines.length > 0) this.vitest?.logger.log(['', ...lines].join('\n'));
  }
}
