import { defineConfig } from 'vite';

export default defineConfig({
  base: './',
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173 },
  server: { host: '127.0.0.1', port: 5173 },
});
