// Serves the built app with its app-config.json replaced, as a publisher who made a mistake would: a
// temporary folder links every file of the build except app-config.json, which gets the given text.
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir, startStaticServer, type StaticServerOptions } from '../../servers/static-server';
import type { LoopbackServer } from '../../servers/loopback';

/** The build served with another app-config.json. */
export interface ConfigVariant {
  appUrl: string;
  stop(): Promise<void>;
}

/** A variant served by a static server of its own (what `serveWithConfig` starts). */
export interface ServedConfigVariant extends ConfigVariant {
  server: LoopbackServer;
}

/** Serves the build with `configText` (written as is, so it may be broken JSON) as its app-config.json. */
export async function serveWithConfig(
  configText: string,
  serverOptions: StaticServerOptions = {},
): Promise<ServedConfigVariant> {
  const root = await mkdtemp(join(tmpdir(), 'mapwright-contract-'));
  for (const entry of await readdir(distDir)) {
    if (entry !== 'app-config.json') await symlink(join(distDir, entry), join(root, entry));
  }
  await writeFile(join(root, 'app-config.json'), configText);
  const server = await startStaticServer(root, serverOptions);
  return {
    server,
    appUrl: `${server.url}/`,
    stop: async () => {
      await server.stop();
      await rm(root, { recursive: true, force: true });
    },
  };
}

/** The shipped app-config.json of the build under test, parsed. */
export async function shippedConfig(): Promise<Record<string, unknown>> {
  return JSON.parse(await readFile(join(distDir, 'app-config.json'), 'utf8')) as Record<
    string,
    unknown
  >;
}

/**
 * The shipped config with only the airports dataset. DuckDB-WASM loads every declared table before the
 * first query (the 3-million-row flights Parquet alone costs about ten seconds under SwiftShader on two
 * cores) and the county choropleth doubles the time to the first map frame; tests about the chat, SQL,
 * uploads or reloads need neither.
 */
export async function lightConfig(): Promise<Record<string, unknown>> {
  const config = await shippedConfig();
  const datasets = config.datasets as { table: string }[];
  config.datasets = datasets.filter((dataset) => dataset.table === 'airports');
  return config;
}
