// A static host that reads the build's `_headers` file, as Netlify and Cloudflare Pages do: each path
// gets the headers of every rule whose pattern matches it (the same reading `vite preview` does).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headersForPath, parseHeadersFile } from '../../scripts/publish/content-security-policy';
import { distDir, startStaticServer } from './static-server';
import type { LoopbackServer } from './loopback';

/** Serves `root` (default: the built app) with the headers its `_headers` file names. */
export function startHeadersFileServer(root = distDir): Promise<LoopbackServer> {
  const rules = parseHeadersFile(readFileSync(join(root, '_headers'), 'utf8'));
  return startStaticServer(root, { headersFor: (pathname) => headersForPath(rules, pathname) });
}
