// Serves the built app with its app-config.json replaced, as a publisher who made a mistake would: a
// temporary folder links every file of the build except app-config.json, which gets the given text.
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { copyApp, type AppCopy } from '../../servers/app-copy';
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

/**
 * The shipped config with no dataset, for tests of the chat and conversations that never query: the
 * person's first focus on the question box starts DuckDB and loads the declared tables (about three
 * CPU-seconds a boot); with none declared nothing starts it (docs/performance.md, "DuckDB when the
 * person is about to ask").
 */
export async function configWithoutDatasets(): Promise<Record<string, unknown>> {
  return { ...(await shippedConfig()), datasets: [] };
}

/** The shipped config without the flights dataset (the others, and their layers, as shipped). */
export async function configWithoutFlights(): Promise<Record<string, unknown>> {
  const config = await shippedConfig();
  const datasets = config.datasets as { table: string }[];
  config.datasets = datasets.filter((dataset) => dataset.table !== 'flights');
  return config;
}

/** A dataset's files in the build: its table's source, its shapes and its tiles. */
function datasetFiles(dataset: Record<string, unknown>): string[] {
  const source = dataset.source as { url?: string } | undefined;
  const geometry = dataset.geometry as { url?: string } | undefined;
  const files = [source?.url, geometry?.url, dataset.tiles];
  return files.filter((file): file is string => typeof file === 'string');
}

/**
 * A copy of the build (test/servers/app-copy.ts) for the airports alone: `lightConfig` as its
 * app-config.json, and without the other datasets' files (the flights Parquet, the counties' shapes,
 * the earthquakes, their tiles), which its offline copy would otherwise download at every install.
 */
export async function copyLightApp(): Promise<{ copy: AppCopy; config: Record<string, unknown> }> {
  const [shipped, config] = await Promise.all([shippedConfig(), lightConfig()]);
  const kept = new Set((config.datasets as Record<string, unknown>[]).flatMap(datasetFiles));
  const leftOut = (shipped.datasets as Record<string, unknown>[])
    .flatMap(datasetFiles)
    .filter((file) => !kept.has(file));
  const copy = await copyApp(leftOut);
  await writeFile(join(copy.root, 'app-config.json'), JSON.stringify(config));
  return { copy, config };
}
