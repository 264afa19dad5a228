// A reporter that prints every test file's time at the end of a run, slowest first, so the files that
// make the suite long are visible in each run's log (unit and browser runs alike). Where the machine
// says how busy its processors were (Linux's /proc/stat), each line also gives the CPU seconds the whole
// machine spent while that file ran: on two cores the suite is bound by CPU, so that is the figure a
// faster suite must cut. Files that ran at once share theirs.
import { readFileSync } from 'node:fs';
import { experimental_getRunnerTask } from 'vitest/node';
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

/** One reading of the machine's busy CPU seconds, at a time in ms since the epoch. */
export interface BusySample {
  at: number;
  busy: number;
}

/**
 * The machine's busy CPU seconds between two times, interpolated between the samples around each;
 * undefined when the samples do not cover the span.
 */
export function busyBetween(
  samples: readonly BusySample[],
  from: number,
  to: number,
): number | undefined {
  const at = (time: number): number | undefined => {
    const after = samples.findIndex((sample) => sample.at >= time);
    if (after < 0) return undefined;
    const next = samples[after]!;
    if (next.at === time) return next.busy;
    if (after === 0) return undefined;
    const before = samples[after - 1]!;
    return before.busy + ((next.busy - before.busy) * (time - before.at)) / (next.at - before.at);
  };
  const start = at(from);
  const end = at(to);
  return start === undefined || end === undefined ? undefined : Math.max(0, end - start);
}

/** When a file's work ran, in ms since the epoch, from the runner's start time and the diagnostic. */
function fileSpan(testModule: TestModule): { from: number; to: number } | undefined {
  const startTime = experimental_getRunnerTask(testModule).result?.startTime;
  if (startTime === undefined) return undefined;
  const diagnostic = testModule.diagnostic();
  // The runner stamps its start once the file is collected; its set-up and import came before.
  const before =
    diagnostic.environmentSetupDuration +
    diagnostic.prepareDuration +
    diagnostic.collectDuration +
    diagnostic.setupDuration;
  return { from: startTime - before, to: startTime + diagnostic.duration };
}

/**
 * Prints `formatFileTimes` through Vitest's logger once the run ends. The machine's busy time is
 * sampled four times a second through the run, and each file's CPU is read off those samples over the
 * span its worker says it ran: the events the main process receives for a file come in batches, so
 * reading /proc/stat when they arrive gave some files about 0.
 */
export default class FileTimesReporter implements Reporter {
  private vitest?: Vitest;
  private readonly samples: BusySample[] = [];
  private timer?: ReturnType<typeof setInterval>;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
    if (this.sample()) {
      this.timer = setInterval(() => this.sample(), 250);
      this.timer.unref();
    }
  }

  private sample(): boolean {
    const busy = machineBusySeconds();
    if (busy !== undefined) this.samples.push({ at: Date.now(), busy });
    return busy !== undefined;
  }

  onTestRunEnd(testModules: readonly TestModule[]): void {
    clearInterval(this.timer);
    this.sample();
    const lines = formatFileTimes(
      testModules.map((testModule) => {
        const span = fileSpan(testModule);
        return fileTime(
          testModule,
          span === undefined ? undefined : busyBetween(this.samples, span.from, span.to),
        );
      }),
    );
    if (lines.length > 0) this.vitest?.logger.log(['', ...lines].join('\n'));
  }
}
