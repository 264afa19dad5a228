import { defineConfig } from 'vitest/config';

// Browser tests: three files at a time, each worker with its own Chromium (test/e2e/global-setup.ts),
// generous timeouts for SwiftShader. Files share the worker's module cache (`isolate: false`):
// importing playwright-core and the helpers again for each of 80 files cost about 90 s of the run. On
// two cores two files at a time kept about 1.87 busy, their waits (servers starting, timers, the
// model's tokens) leaving the rest idle; a third fills them: 657 s instead of 730, 1.98 cores busy,
// 215 of 215 passing (docs/performance.md, "The test suite's time"). `maxWorkers: 2` runs two at a
// time, `fileParallelism: false` one.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: true,
    maxWorkers: 3,
    isolate: false,
    globalSetup: ['test/e2e/global-setup.ts'],
    // Each file's time, slowest first, after the usual report.
    reporters: ['default', './test/reporters/file-times.ts'],
  },
});
