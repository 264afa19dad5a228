// The app's headers and media types as a Caddyfile site. Every value is a Caddyfile quoted token with
// `{` and `}` escaped, so Caddy reads no placeholder in it; a value holding `"`, `\` or a backtick, or
// `{$` (an environment variable, replaced before any escape is read), has no safe spelling there and
// is refused. No value from app-config.json becomes Caddyfile syntax.
import {
  checkedHeaderValue,
  groupExact,
  serverLocations,
  type ServerLocation,
} from './server-locations.ts';
import type { HeaderRule } from './content-security-policy.ts';
import type { ServerConfigOptions } from './nginx-config.ts';

function quoted(value: string): string {
  if (/["\\`]|\{\$/.test(checkedHeaderValue(value))) {
    throw new Error(`a Caddyfile cannot hold this value safely: ${JSON.stringify(value)}`);
  }
  return `"${value.replace(/[{}]/g, (brace) => `\\${brace}`)}"`;
}

const matcherPath = (location: ServerLocation): string =>
  location.kind === 'prefix' ? `${location.path}*` : location.path;

// Caddy's own table lacks these or names them otherwise; the rest (html, js, mjs, css, json, wasm, svg,
// png) it sends right. A type set here is kept: file_server sets one only when none is set.
const caddyTypes: Record<string, string> = {
  '*.wasm': 'application/wasm',
  '*.mjs': 'text/javascript',
  '*.pmtiles': 'application/vnd.pmtiles',
  '*.parquet': 'application/vnd.apache.parquet',
  '*.geojson': 'application/geo+json',
};

/**
 * A Caddyfile site for the app under `options.base` (a sub-folder through handle_path). Each location
 * gets a matcher that leaves out the more specific ones, so every file gets one `header` set, whatever
 * order Caddy runs them in. Ranges need nothing: file_server answers them.
 */
export function caddyConfig(rules: HeaderRule[], options: ServerConfigOptions): string {
  const locations = serverLocations(rules);
  const body: string[] = [`root * ${quoted(options.root)}`];
  groupExact(locations).forEach((group, index) => {
    const [first] = group;
    if (!first) return;
    const inner =
      first.kind === 'exact'
        ? []
        : locations.filter((other) => !group.includes(other) && other.path.startsWith(first.path));
    body.push(
      `@location${index} {`,
      `  path ${group.map(matcherPath).map(quoted).join(' ')}`,
      ...(inner.length > 0 ? [`  not path ${inner.map(matcherPath).map(quoted).join(' ')}`] : []),
      '}',
      `header @location${index} {`,
      ...Object.entries(first.headers).map(([name, value]) => `  ${name} ${quoted(value)}`),
      '}',
    );
  });
  Object.entries(caddyTypes).forEach(([path, type], index) => {
    body.push(`@type${index} path ${quoted(path)}`, `header @type${index} Content-Type ${type}`);
  });
  body.push('file_server');
  const indent = (lines: string[], by: string): string[] => lines.map((line) => `${by}${line}`);
  const site =
    options.base === '/'
      ? indent(body, '  ')
      : [`  handle_path ${quoted(`${options.base}*`)} {`, ...indent(body, '    '), '  }'];
  // A bare port is every address on it; an address with a host is that host, over plain HTTP (a
  // site with a name gets Caddy's automatic HTTPS: give it as the site's address instead).
  const address = /^\d+$/.test(options.listen) ? `:${options.listen}` : `http://${options.listen}`;
  return [`${address} {`, ...site, '}'].join('\n');
}
