// Lets build scripts run the page's own modules (which import without file extensions, and import
// packages the way the bundler resolves them) through Vite's module runner.
import { fileURLToPath } from 'node:url';
import { runnerImport } from 'vite';

/** Imports `relativePath` (relative to this scripts folder) through Vite's runner. */
export async function importPageModule<T>(relativePath: string): Promise<T> {
  const path = fileURLToPath(new URL(relativePath, import.meta.url));
  return (await runnerImport<T>(path, { configFile: false })).module;
}
