// Builds the offline cache's service worker (src/offline/service-worker.ts) into dist/sw.js as one
// classic script, then writes the list of every built file into it (scripts/publish/precache-manifest.ts).
import { resolve } from 'node:path';
import { build, type Plugin } from 'vite';
import { serviceWorkerFile, writePrecacheManifest } from '../publish/precache-manifest.ts';

/** The Vite plugin: after the app's build, emits sw.js and its file list. */
export function offlinePlugin(): Plugin {
  let outDir = 'dist';
  return {
    name: 'mapwright-offline',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      // Its own build: an IIFE shares no chunk with the page, so the worker needs no imports.
      await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          outDir,
          emptyOutDir: false,
          copyPublicDir: false,
          target: 'es2022',
          lib: {
            entry: resolve('src/offline/service-worker.ts'),
            formats: ['iife'],
            name: 'mapwrightServiceWorker',
            fileName: () => serviceWorkerFile,
          },
        },
      });
      writePrecacheManifest(outDir);
    },
  };
}
