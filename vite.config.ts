import { defineConfig } from 'vite';
import { datasetsPlugin } from './scripts/build/vite-plugin-datasets.ts';
import { offlinePlugin } from './scripts/build/vite-plugin-offline.ts';
import { securityHeadersPlugin } from './scripts/build/vite-plugin-security-headers.ts';
import { withoutAjvPlugin } from './scripts/build/vite-plugin-without-ajv.ts';

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
    // One stylesheet for the whole app (dist/mapwright.css): an embedded app links it inside its shadow
    // root, so no code may add styles to the host page's <head> as a chunk loads.
    cssCodeSplit: false,
    rolldownOptions: {
      // The app; the page an MCP server's authorization server sends the person back to; and the
      // module a page loads to embed the app (dist/mapwright.js), which the app page is built on too.
      input: {
        main: 'index.html',
        'oauth-callback': 'oauth-callback.html',
        mapwright: 'src/mapwright.ts',
      },
      // The embed module keeps its exports (mount) under a name a publisher can link to.
      preserveEntrySignatures: 'allow-extension',
      output: {
        entryFileNames: (chunk) =>
          chunk.name === 'mapwright' ? 'mapwright.js' : 'assets/[name]-[hash].js',
        // MapLibre's worker ships as .mjs, a type stock servers lack (Debian's nginx sends it as
        // text/plain, which nosniff then refuses as a script): every script is emitted as .js.
        assetFileNames: (asset) => {
          if (asset.names.some((name) => name.endsWith('.css'))) return 'mapwright.css';
          if (asset.names.some((name) => name.endsWith('.mjs'))) return 'assets/[name]-[hash].js';
          return 'assets/[name]-[hash][extname]';
        },
      },
    },
  },
  worker: { format: 'es' },
  preview: { host: '127.0.0.1', port: 4173 },
  server: { host: '127.0.0.1', port: 5173 },
});
