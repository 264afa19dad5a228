import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 20_000,
    // Set-ups that start DuckDB-WASM in Node compile its 34 MB module: seconds on a loaded machine.
    hookTimeout: 60_000,
  },
});
