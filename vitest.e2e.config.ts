import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time, generous timeouts for SwiftShader. Two at a time on two cores took
// 15 min instead of 19, but the contention made timing races in the app and the tests surface in one
// file or another on each full run (a restored upload queried before its table loaded, a take-over's
// reload replacing a test's navigation): those found are fixed, and the suite stays serial until a full
// run in parallel is clean. The last one (2026-11-29, load 15–26) failed three tests that pass one file
// at a time: docs/performance.md, "The test suite's time", says which. Each worker has one Chromium for all its files (test/e2e/global-setup.ts),
// so files that run at once would not share one.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    globalSetup: ['test/e2e/global-setup.ts'],
    // Each file's time, slowest first, after the usual report.
    reporters: ['default', './test/reporters/file-times.ts'],
  },
});
