import { defineConfig } from 'vitest/config';

// Browser tests: two files at a time, each worker with its own Chromium (test/e2e/global-setup.ts),
// generous timeouts for SwiftShader. Files share the worker's module cache (`isolate: false`):
// importing playwright-core and the helpers again for each of 80 files cost about 90 s of the run. Two
// at a time runs them in about 745 s instead of about 970 one at a time; a whole run two at a time
// passed 214 of 214 at load 15–25 beside two other engineers' tests (docs/performance.md, "The test
// suite's time"). `fileParallelism: false` runs them one at a time.
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
