import { defineConfig } from 'vite';
import { datasetsPlugin } from './scripts/vite-plugin-datasets.ts';
import { offlinePlugin } from './scripts/vite-plugin-offline.ts';
import { securityHeadersPlugin } from './scripts/vite-plugin-security-headers.ts';
import { withoutAjvPlugin } from './scripts/vite-plugin-without-ajv.ts';

export default defineConfig({
  base: './',
  // The security plugin writes index.html's Content-Security-Policy from public/app-config.json, emits
  // dist/_headers, and makes `vite preview` send those headers (docs/configuration.md). The offline
  // plugin writes dist/sw.js with the list of every built file (docs/configuration.md, "Offline").
  plugins: [withoutAjvPlugin(), datasetsPlugin(), securityHeadersPlugin(), offlinePlugin()],
  build: {
    target: 'es2022',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    // The app, and the page an MCP server's authorization server sends the person back to.
    rolldownOptions: { input: { main: 'index.html', 'oauth-callback': 'oauth-callback.html' } },
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173 },
  server: { host: '127.0.0.1', port: 5173 },
});
