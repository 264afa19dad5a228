// npm run headers -- DIR [--base /sub/folder/] [--root /srv/mapwright] [--listen 80]: after editing
// DIR/app-config.json of a build (frames allowed, a new MCP server, LLM endpoint or data host), rewrites
// the page's Content-Security-Policy (the meta tag and style nonce of DIR/index.html and
// DIR/oauth-callback.html) and DIR/_headers from it, exactly as a build from that config would, and
// prints the same headers, with the media types and caching, for nginx, Apache and Caddy, serving the
// folder from --root under the URL path --base. It also lists the folder's files in DIR/sw.js again, so
// returning visitors, answered by the offline copy, get the new config and policy on their next visit.
// No rebuild needed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configFromFile, printable } from './build/vite-plugin-security-headers.ts';
import { serviceWorkerFile, writePrecacheManifest } from './publish/precache-manifest.ts';
import {
  headersFileFor,
  publishHeaders,
  rewritePagePolicy,
  serverConfigs,
} from './publish/publish-headers.ts';
import { checkedBase } from './publish/server-locations.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    base: { type: 'string', default: '/' },
    root: { type: 'string', default: '/srv/mapwright' },
    listen: { type: 'string', default: '80' },
  },
});
const folder = resolve(positionals[0] ?? 'dist');
const configPath = join(folder, 'app-config.json');
if (!existsSync(configPath) || !existsSync(join(folder, 'index.html'))) {
  console.error(
    printable(
      `${folder} is not a built app (no app-config.json or index.html): run npm run build first.`,
    ),
  );
  process.exit(1);
}
const config = await configFromFile(configPath);
const { policy, rules } = publishHeaders(config);
for (const page of ['index.html', 'oauth-callback.html']) {
  const path = join(folder, page);
  if (!existsSync(path)) continue;
  writeFileSync(path, rewritePagePolicy(readFileSync(path, 'utf8'), policy));
}
writeFileSync(join(folder, '_headers'), headersFileFor(config));
const base = checkedBase(values.base);
const servers = serverConfigs(rules, { root: values.root, base, listen: values.listen });
// The offline copy is listed from the files just written: a revisit gets them, never the old policy.
const offline = existsSync(join(folder, serviceWorkerFile))
  ? writePrecacheManifest(folder)
  : undefined;
const report = [
  `Rewrote the Content-Security-Policy of ${folder} from its app-config.json:`,
  '  index.html (meta tag and style nonce), oauth-callback.html, _headers (Netlify, Cloudflare Pages).',
  offline
    ? `  sw.js lists the files again (version ${offline.version}): returning visitors get this config and policy on their next visit.`
    : `  No sw.js: no offline copy to update.`,
  '',
  `# nginx: a site (sites-available/), serving ${values.root} at ${base}; or the server block's`,
  '# lines inside your own server block (the geo line, if any, goes outside it)',
  servers.nginx,
  '',
  '# Apache: in the site config (needs mod_headers and mod_mime); or, without the <Directory> lines,',
  `# an .htaccess in ${values.root}`,
  servers.apache,
  '',
  `# Caddy: a site of the Caddyfile (replace ${values.listen} with the site's address)`,
  servers.caddy,
];
// Line by line: a config value is data, and printable() writes its control characters as escapes.
console.log(report.join('\n').split('\n').map(printable).join('\n'));
