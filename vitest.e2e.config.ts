import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Browser tests: two files at a time where there are two cores (each file has its own browser, servers
// on free ports and temporary folders, so files never share state); much of a browser test is waiting
// on the page, so two at once nearly halve the suite's time. Generous timeouts for SwiftShader.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: availableParallelism() > 1,
    maxWorkers: Math.min(2, availableParallelism()),
    globalSetup: ['test/e2e/global-setup.ts'],
  },
});
