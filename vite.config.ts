import { defineConfig } from 'vite';
import { datasetsPlugin } from './scripts/vite-plugin-datasets.ts';
import { withoutAjvPlugin } from './scripts/vite-plugin-without-ajv.ts';

export default defineConfig({
  base: './',
  plugins: [withoutAjvPlugin(), datasetsPlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173 },
  server: { host: '127.0.0.1', port: 5173 },
});
