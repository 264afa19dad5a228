// The app's headers and media types as an Apache <Directory> block (or, without its first and last
// line, an .htaccess). Every value is written as an Apache quoted argument: `"` and `\` escaped, and `%`
// doubled, which mod_headers would otherwise read as a format (`%{HOME}e`); `${`, a config variable to
// Apache, has no escape and is refused. No value from app-config.json becomes Apache syntax.
import { publishTypes } from './publish-types.ts';
import {
  checkedHeaderValue,
  groupExact,
  serverLocations,
  type ServerLocation,
} from './server-locations.ts';
import type { HeaderRule } from './content-security-policy.ts';
import type { ServerConfigOptions } from './nginx-config.ts';

function quoted(value: string): string {
  if (value.includes('${')) {
    throw new Error(`Apache reads \${ as a config variable: ${JSON.stringify(value)}`);
  }
  return `"${checkedHeaderValue(value).replace(/[\\"]/g, (character) => `\\${character}`)}"`;
}

const headerValue = (value: string): string => quoted(value.replace(/%/g, '%%'));

// A path as a regular expression inside an <If> expression's m#…#.
const pattern = (path: string): string => path.replace(/[.*+?^$()[\]{}|\\/#]/g, '\\$&');

/**
 * An Apache config for the app under `options.base` (needs mod_headers and mod_mime): the media types,
 * the headers of every file, then each more specific location's in an <If> (later ones win). Ranges
 * need nothing: Apache answers them for every static file.
 */
export function apacheConfig(
  rules: HeaderRule[],
  options: Pick<ServerConfigOptions, 'root' | 'base'>,
): string {
  const [everyFile, ...specific] = groupExact(serverLocations(rules));
  const set = (headers: Record<string, string>, indent: string): string[] =>
    Object.entries(headers).map(
      ([name, value]) => `${indent}Header always set ${name} ${headerValue(value)}`,
    );
  const condition = (group: ServerLocation[]): string => {
    const paths = group.map((location) => pattern(`${options.base}${location.path.slice(1)}`));
    return group[0]?.kind === 'exact' ? `m#^(?:${paths.join('|')})$#` : `m#^${paths.join('')}#`;
  };
  return [
    `<Directory ${quoted(options.root)}>`,
    ...Object.entries(publishTypes).map(([extension, type]) => `  AddType ${type} .${extension}`),
    '  DirectoryIndex index.html',
    ...set(everyFile?.[0]?.headers ?? {}, '  '),
    ...specific.flatMap((group) => [
      `  <If "%{REQUEST_URI} =~ ${condition(group)}">`,
      ...set(group[0]?.headers ?? {}, '    '),
      '  </If>',
    ]),
    '</Directory>',
  ].join('\n');
}
