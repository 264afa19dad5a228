import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import ByEnvironmentSequencer from './test/setup/by-environment';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    // vi.waitFor's patience: see the file.
    setupFiles: ['test/setup/wait-for-patience.ts'],
    // Set-ups that start DuckDB-WASM in Node compile its 34 MB module: seconds on a loaded machine.
    hookTimeout: 60_000,
    // Vitest leaves one core free by default: on two cores that is one file at a time. Much of a unit
    // file's time is spent waiting on servers and child processes, so two at once take 209 s, not 377 s,
    // and three (one more than the cores) fill the waits of the other two on a warm checkout: 186 and
    // 198 s against 207 and 206. From a clean clone, where each worker transforms the sources itself,
    // it is even: 200–212 s against 185–213 (docs/performance.md, issue 31 part 5).
    maxWorkers: availableParallelism() + 1,
    // A worker keeps its modules from one file to the next instead of importing them again for each of
    // 300 files: 246 s instead of 300 (441 CPU-seconds instead of 541). Files restore what they change
    // on globals. A worker's environment (Node, or one jsdom window) is made when it starts and kept.
    isolate: false,
    // ...but only while the next file asks for the same environment, so the files run grouped by
    // environment (node, then jsdom): 6 workers for the 308 files instead of 52, 121 s instead of 187 (229 CPU-s
    // instead of 362; docs/performance.md, issue 31 part 7).
    sequence: { sequencer: ByEnvironmentSequencer },
    // Each file's time, slowest first, after the usual report.
    reporters: ['default', './test/reporters/file-times.ts'],
  },
});
