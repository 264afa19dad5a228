import { defineConfig } from 'vitest/config';

// Browser tests: one file at a time (this machine has two cores), generous timeouts for SwiftShader.
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.test.ts'],
    environment: 'node',
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
    globalSetup: ['test/e2e/global-setup.ts'],
  },
});
