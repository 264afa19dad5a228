// The command that puts an MCP server the browser cannot reach (no CORS headers, or stdio only) behind
// the loopback bridge, and the address the app then connects to instead. What a person copies is what
// they read: every argument is single-quoted, and a secret (a token in a header, a key in the URL) is
// never in the command at all, so nothing on screen needs masking; the command names an environment
// variable the person sets instead.
import { redactSecrets } from '../../agent/redact/redact';
import { isSecretKeyName } from '../../agent/redact/secret-key-name';

/** The port `npm run mcp-bridge` listens on unless told otherwise. */
export const DEFAULT_BRIDGE_PORT = 8790;

/** The bridge's MCP endpoint on its default port. */
export const DEFAULT_BRIDGE_URL = `http://127.0.0.1:${DEFAULT_BRIDGE_PORT}/mcp`;

/** The variable the command reads a URL that holds a secret from (`--url-env`). */
export const BRIDGE_URL_VARIABLE = 'MAPWRIGHT_MCP_URL';

/** An environment variable the person sets before running the command, and what to set it to. */
export interface BridgeVariable {
  name: string;
  /** What it holds, completing "Set NAME to …". */
  holds: string;
}

/** The bridge command for one server: shown and copied as this one string. */
export interface BridgeCommand {
  command: string;
  /** The variables the command reads its secrets from; empty when it holds everything itself. */
  variables: BridgeVariable[];
}

/** `text` as one POSIX shell word: single-quoted, each `'` written as `'\''`. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

// A value the display masker would hide is a secret: the command must not hold it.
function holdsSecret(text: string): boolean {
  return redactSecrets(text) !== text;
}

function headerVariableName(header: string, taken: Set<string>): string {
  const base = `MAPWRIGHT_MCP_HEADER_${header.toUpperCase().replace(/[^A-Z0-9]+/g, '_')}`;
  let name = base;
  for (let count = 2; taken.has(name); count++) name = `${base}_${count}`;
  taken.add(name);
  return name;
}

function headerHolds(header: string, value: string): string {
  return /^authorization$/i.test(header) && /^bearer\s/i.test(value)
    ? `"Bearer " followed by the server's token (the ${header} header)`
    : `the value of the ${header} header`;
}

/**
 * The command that bridges the server at `url`, sending `headers`; undefined for a URL that is not
 * http(s), which the bridge could not take (and which, starting with `-`, it would read as an option).
 */
export function bridgeCommand(
  url: string,
  headers: Record<string, string> = {},
): BridgeCommand | undefined {
  if (!/^https?:\/\//i.test(url)) return undefined;
  const words: string[] = [];
  const variables: BridgeVariable[] = [];
  const taken = new Set<string>([BRIDGE_URL_VARIABLE]);
  for (const [header, value] of Object.entries(headers)) {
    if (isSecretKeyName(header) || holdsSecret(value) || holdsSecret(`${header}: ${value}`)) {
      const name = headerVariableName(header, taken);
      words.push('--header-env', shellQuote(`${header}=${name}`));
      variables.push({ name, holds: headerHolds(header, value) });
    } else {
      words.push('--header', shellQuote(`${header}: ${value}`));
    }
  }
  if (holdsSecret(url)) {
    words.push('--url-env', BRIDGE_URL_VARIABLE);
    variables.push({
      name: BRIDGE_URL_VARIABLE,
      holds: "the server's URL as you entered it (it holds a secret, so it is not shown here)",
    });
  } else {
    words.push(shellQuote(url));
  }
  return { command: `npm run mcp-bridge -- ${words.join(' ')}`, variables };
}
