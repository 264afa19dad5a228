import { defineConfig } from 'vitest/config';

// Browser tests: two files at a time (one per core), each worker with its own Chromium
// (test/e2e/global-setup.ts), generous timeouts for SwiftShader. Files share a worker's module cache
// (`isolate: false`): importing playwright-core and the helpers again for each of 80 files cost about
// 90 s of the run. The suite is bound by CPU on two cores, so two at a time halves each test's CPU:
// waits on conditions have to allow for that. docs/performance.md, "The test suite's time".
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: true,
    maxWorkers: 2,
    isolate: false,
    globalSetup: ['test/e2e/global-setup.ts'],
    // Each file's time, slowest first, after the usual report.
    reporters: ['default', './test/reporters/file-times.ts'],
  },
});
