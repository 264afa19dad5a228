// A private copy of the built app for tests that change it as a publisher would (a new config, a new
// data file, a new deployment): its folders are real and its files link to dist/, except those a
// publisher's tools rewrite (app-config.json, sw.js, and the pages and _headers `npm run headers`
// writes), which are copied, so dist/ is never touched.
import { copyFile, mkdir, mkdtemp, readdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { distDir } from './static-server';

/** Files the publisher's tools write over: copied, not linked. */
const rewritten = new Set([
  'app-config.json',
  'sw.js',
  'index.html',
  'oauth-callback.html',
  '_headers',
]);

async function mirror(from: string, to: string, leftOut: ReadonlySet<string>): Promise<void> {
  await mkdir(to, { recursive: true });
  for (const entry of await readdir(from, { withFileTypes: true })) {
    const source = join(from, entry.name);
    const target = join(to, entry.name);
    if (leftOut.has(source)) continue;
    if (entry.isDirectory()) await mirror(source, target, leftOut);
    else if (rewritten.has(entry.name)) await copyFile(source, target);
    else await symlink(source, target);
  }
}

/** A copy of the build in a temporary folder, and its removal. */
export interface AppCopy {
  root: string;
  remove(): Promise<void>;
}

/**
 * Copies the build (dist/, or MAPWRIGHT_DIST) into a temporary folder, but the files and folders of
 * `leaveOut` (paths in the build, such as `data/flights-3m.parquet`).
 */
export async function copyApp(leaveOut: readonly string[] = []): Promise<AppCopy> {
  const root = await mkdtemp(join(tmpdir(), 'mapwright-copy-'));
  await mirror(distDir, root, new Set(leaveOut.map((path) => join(distDir, path))));
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}
