// A project script (scripts/mcp-server.ts, scripts/mcp-bridge.ts) or a package's server
// (server-everything) bundled once a test process, so the tests that start it a dozen times each start
// Node on one file: 0.5 CPU-seconds a start instead of 2.4 through tsx, which transpiles and loads every
// source again. The code is the script's own; only DuckDB's native package stays outside the bundle.
// `test/mcp/node/npm-scripts.test.ts` runs both scripts the way the README does (`npm run ...`, through
// tsx), so the tsx path stays covered; other tests start server-everything from its package as it is.
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const bundles = new Map<string, Promise<string>>();

/** The bundled copy of `script` (a path from the project's root), built on first use. */
export function bundledScript(script: string): Promise<string> {
  return bundleOnce(script, []);
}

/**
 * The bundled copy of a package's server (`node_modules/...`, server-everything: 0.4 CPU-seconds a
 * start instead of 0.7), each of its modules still reading the files beside it in its package.
 */
export function bundledPackageScript(script: string): Promise<string> {
  return bundleOnce(script, [ownModuleUrls]);
}

function bundleOnce(script: string, plugins: Plugin[]): Promise<string> {
  let bundle = bundles.get(script);
  if (!bundle) {
    bundle = bundleScript(script, plugins);
    bundles.set(script, bundle);
  }
  return bundle;
}

// In a bundle, import.meta.url is the bundle's; each module that asks gets its own file's URL instead
// (server-everything finds its docs and instructions beside its modules).
const ownModuleUrls: Plugin = {
  name: 'own-module-urls',
  setup(plugins) {
    plugins.onLoad({ filter: /\.m?js$/ }, async ({ path }) => {
      const contents = await readFile(path, 'utf8');
      if (!contents.includes('import.meta.url')) return undefined;
      const url = JSON.stringify(pathToFileURL(path).href);
      return { contents: contents.replaceAll('import.meta.url', url), loader: 'js' };
    });
  },
};

async function bundleScript(script: string, plugins: Plugin[]): Promise<string> {
  // One folder a process: two test workers may build the same script at once.
  const folder = resolve('.e2e-artifacts/scripts', String(process.pid));
  mkdirSync(folder, { recursive: true });
  // Named by the whole path: many packages' servers are a dist/index.js.
  const outfile = resolve(
    folder,
    `${script.replace(/\.[cm]?[jt]s$/, '').replace(/[^\w-]+/g, '_')}.mjs`,
  );
  await build({
    entryPoints: [resolve(script)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
    plugins,
    // Native code, and WebAssembly read from beside its package, resolve at run time from node_modules.
    external: ['@duckdb/*', 'parquet-wasm', 'pg-native'],
    // The SDK's package exports map this entry without its extension, which only Vite and tsx add.
    alias: {
      '@modelcontextprotocol/sdk/validation/cfworker-provider':
        '@modelcontextprotocol/sdk/validation/cfworker-provider.js',
    },
    // Packages bundled as CommonJS call require() inside an ES module.
    banner: {
      js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
    },
  });
  return outfile;
}
