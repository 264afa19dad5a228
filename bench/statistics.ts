// Figures shared by the benches: medians and percentiles of samples, and the machine's load average
// (the development machine has 2 cores shared with other work, so every figure is printed beside it).
import { loadavg } from 'node:os';

/** The value below which `fraction` of the samples fall (nearest rank). */
export function percentile(values: number[], fraction: number): number {
  const sorted = [...values].sort((left, right) => left - right);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

/** The middle sample (the upper one of an even count). */
export function median(values: number[]): number {
  const sorted = [...values].sort((left, right) => left - right);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** The 1, 5 and 15 minute load averages, as `ps` prints them. */
export function loadAverage(): string {
  return loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
}
