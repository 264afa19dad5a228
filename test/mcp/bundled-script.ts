// A project script (scripts/mcp-server.ts, scripts/mcp-bridge.ts) bundled once a test process, so the
// tests that start it a dozen times each start Node on one file: 0.5 CPU-seconds a start instead of
// 2.4 through tsx, which transpiles and loads every source again. The code is the script's own; only
// DuckDB's native package stays outside the bundle. `test/mcp/node/npm-scripts.test.ts` runs both
// the way the README does (`npm run ...`, through tsx), so the tsx path stays covered.
import { mkdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { build } from 'esbuild';

const bundles = new Map<string, Promise<string>>();

/** The bundled copy of `script` (a path from the project's root), built on first use. */
export function bundledScript(script: string): Promise<string> {
  let bundle = bundles.get(script);
  if (!bundle) {
    bundle = bundleScript(script);
    bundles.set(script, bundle);
  }
  return bundle;
}

async function bundleScript(script: string): Promise<string> {
  // One folder a process: two test workers may build the same script at once.
  const folder = resolve('.e2e-artifacts/scripts', String(process.pid));
  mkdirSync(folder, { recursive: true });
  const outfile = resolve(folder, `${basename(script, '.ts')}.mjs`);
  await build({
    entryPoints: [resolve(script)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    logLevel: 'warning',
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
