// Builds the engine page privately (never into dist/) and copies the datasets it reads beside it.
import { copyFile, mkdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';

const here = dirname(fileURLToPath(import.meta.url));

/** Data files the page can fetch from ./data/. */
export const pageDatasets = [
  'airports.csv',
  'flights-3m.parquet',
  'earthquakes.json',
  'unemployment.tsv',
  'flights-200k.arrow',
];

/**
 * The app's Content Security Policy, copied from index.html into the test page, so the engine is tested
 * under the same rules as in the app (no `eval`, no `new Function`): the page must fail where the app would.
 */
function appContentSecurityPolicy(): Plugin {
  return {
    name: 'app-content-security-policy',
    async transformIndexHtml(html) {
      const app = await readFile(resolve('index.html'), 'utf8');
      const meta = /<meta\s+http-equiv="Content-Security-Policy"[^>]*>/s.exec(app)?.[0];
      if (!meta) throw new Error('index.html has no Content-Security-Policy meta tag to copy.');
      return html.replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n    ${meta}`);
    },
  };
}

/** Builds the page into `outDir` and returns that folder. */
export async function buildWasmPage(
  outDir = resolve('.e2e-artifacts/d-wasm-page'),
): Promise<string> {
  await build({
    root: here,
    base: './',
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    plugins: [appContentSecurityPolicy()],
    worker: { format: 'es' },
    build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 20_000 },
  });
  await mkdir(join(outDir, 'data'), { recursive: true });
  for (const file of pageDatasets) {
    await copyFile(resolve('node_modules/vega-datasets/data', file), join(outDir, 'data', file));
  }
  return outDir;
}
