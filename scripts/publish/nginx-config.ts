// The app's headers and media types as an nginx `server` block. Every value is written as an nginx
// quoted string: `"` and `\` escaped, and `$`, which nginx would read as a variable in add_header, taken
// from a variable that holds a dollar sign, so no value from app-config.json becomes nginx syntax.
import { publishTypes } from './publish-types.ts';
import { checkedHeaderValue, serverLocations, type BasePath } from './server-locations.ts';
import type { HeaderRule } from './content-security-policy.ts';

/** Where and how the printed server block serves the app. */
export interface ServerConfigOptions {
  /** The folder the build was copied to (`dist/`'s contents). */
  root: string;
  /** The URL path the app is served under: `/`, or a sub-folder such as `/maps/quakes/`. */
  base: BasePath;
  /** The address the server listens on (`80`, `127.0.0.1:8080`). */
  listen: string;
}

const dollarVariable = 'mapwright_dollar';

function quoted(value: string): string {
  const escaped = checkedHeaderValue(value)
    .replace(/[\\"]/g, (character) => `\\${character}`)
    .replace(/\$/g, `\${${dollarVariable}}`);
  return `"${escaped}"`;
}

// A path nginx reads as it is: quoted, and with no `$` (a path holds no variable but the one above,
// which an alias cannot use), so refused instead.
function quotedPath(path: string): string {
  if (path.includes('$'))
    throw new Error(`nginx cannot serve a folder whose path holds $: ${path}`);
  return quoted(path);
}

/**
 * An nginx config for the app under `options.base`: a `geo` line when a value holds `$` (it goes in the
 * `http` block, where sites-enabled files are read), then a `server` block. Its `types` replace the
 * server's own table; each location repeats every header (nginx's add_header in a location replaces
 * the outer ones). Ranges need nothing: nginx answers them for every static file.
 */
export function nginxConfig(rules: HeaderRule[], options: ServerConfigOptions): string {
  const folder = options.root.endsWith('/') ? options.root : `${options.root}/`;
  const lines = [
    'server {',
    `  listen ${options.listen};`,
    '  # The media types of every file of the app (replaces the table from mime.types).',
    '  types {',
    ...Object.entries(publishTypes).map(([extension, type]) => `    ${type} ${extension};`),
    '  }',
    '  default_type application/octet-stream;',
    '  index index.html;',
  ];
  for (const location of serverLocations(rules)) {
    const path = `${options.base}${location.path.slice(1)}`;
    const modifier = location.kind === 'exact' ? '= ' : path === '/' ? '' : '^~ ';
    lines.push(
      `  location ${modifier}${quoted(path)} {`,
      // alias replaces the location's path with the folder's: the same files under any base.
      `    alias ${quotedPath(`${folder}${location.path.slice(1)}`)};`,
      ...Object.entries(location.headers).map(
        ([name, value]) => `    add_header ${name} ${quoted(value)} always;`,
      ),
      '  }',
    );
  }
  lines.push('}');
  const config = lines.join('\n');
  return config.includes(`\${${dollarVariable}}`)
    ? `geo $${dollarVariable} { default "$"; }\n${config}`
    : config;
}
