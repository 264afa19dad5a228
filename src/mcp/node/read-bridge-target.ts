// What `npm run mcp-bridge` bridges, read from its options and environment: a URL (given, or read from a
// variable with --url-env when it holds a secret) with headers (given with --header, or read from
// variables with --header-env, so a token never has to be typed into a command line or shown), and how
// it signs in when the server asks for OAuth (--oauth, --oauth-port, --token-file).
import type { UpstreamTarget } from './mcp-upstream';
import type { BridgeOAuthSettings } from './start-mcp-bridge';

/** A command line the bridge cannot start from; the message names options and variables, no values. */
export class BridgeArgumentError extends Error {
  override readonly name = 'BridgeArgumentError';
}

/** The bridge's options that say where the server is and what to send it. */
export interface BridgeTargetOptions {
  stdio: boolean;
  /** After the options (`--stdio -- COMMAND ARGS`), or the server's URL. */
  positionals: string[];
  transport: string;
  /** `Name: value`. */
  header?: string[];
  /** `Name=VARIABLE`: the header's value is the variable's. */
  headerEnv?: string[];
  /** A variable that holds the server's URL. */
  urlEnv?: string;
  /** `--env NAME`: variables of the bridge's environment handed to a stdio server. */
  env?: string[];
  /** `--env-all`: the bridge's whole environment handed to a stdio server. */
  envAll?: boolean;
}

const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * What a stdio server is started with beyond the SDK's few safe defaults (HOME, PATH, USER, ...):
 * the variables named by `--env`, or every variable with `--env-all`.
 */
function readStdioEnvironment(
  options: BridgeTargetOptions,
  environment: Record<string, string | undefined>,
): Record<string, string> | undefined {
  if (options.envAll) {
    return Object.fromEntries(
      Object.entries(environment).filter(
        (entry): entry is [string, string] => entry[1] !== undefined,
      ),
    );
  }
  if (!options.env?.length) return undefined;
  const passed: Record<string, string> = {};
  for (const name of options.env) {
    if (!variableName.test(name))
      throw new BridgeArgumentError(`--env takes a variable's name, not "${name}".`);
    passed[name] = readEnvironment(name, '--env', environment);
  }
  return passed;
}

function readEnvironment(
  variable: string,
  option: string,
  environment: Record<string, string | undefined>,
): string {
  const value = environment[variable];
  if (value === undefined || value === '') {
    throw new BridgeArgumentError(
      `${option} names ${variable}, which is not set in the environment.`,
    );
  }
  return value;
}

function readHeaders(
  options: BridgeTargetOptions,
  environment: Record<string, string | undefined>,
): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of options.header ?? []) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new BridgeArgumentError(`--header "${line}" must read "Name: value".`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  for (const pair of options.headerEnv ?? []) {
    const equals = pair.lastIndexOf('=');
    const name = pair.slice(0, equals).trim();
    const variable = pair.slice(equals + 1);
    if (equals <= 0 || !name || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(variable)) {
      throw new BridgeArgumentError(
        `--header-env "${pair}" must read "Name=VARIABLE", e.g. Authorization=MCP_TOKEN_HEADER.`,
      );
    }
    headers[name] = readEnvironment(variable, `--header-env ${name}`, environment).trim();
  }
  return headers;
}

function readUrl(
  options: BridgeTargetOptions,
  environment: Record<string, string | undefined>,
): { url: string; shown: string } {
  const [given, ...rest] = options.positionals;
  if (rest.length > 0 || (given !== undefined) === (options.urlEnv !== undefined)) {
    throw new BridgeArgumentError(
      'Give one server URL, or --url-env VARIABLE, or --stdio -- COMMAND.',
    );
  }
  const url = given ?? readEnvironment(options.urlEnv ?? '', '--url-env', environment);
  // A URL from a variable holds a secret: a message shows the variable, never the URL.
  const shown = given ?? `the URL in ${options.urlEnv}`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new BridgeArgumentError(
      `${shown} is not a URL. Write it whole, e.g. https://example.org/mcp.`,
    );
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new BridgeArgumentError(`${shown} is not an http(s) URL.`);
  }
  return { url, shown };
}

/** The server to bridge; throws a BridgeArgumentError that says what to fix. */
export function readBridgeTarget(
  options: BridgeTargetOptions,
  environment: Record<string, string | undefined>,
): UpstreamTarget {
  if (options.stdio) {
    const [command, ...args] = options.positionals;
    if (!command)
      throw new BridgeArgumentError('--stdio needs the command that starts the server, after --.');
    const passed = readStdioEnvironment(options, environment);
    return { kind: 'stdio', command, args, ...(passed ? { env: passed } : {}) };
  }
  if (options.env?.length || options.envAll)
    throw new BridgeArgumentError('--env and --env-all hand variables to a --stdio server only.');
  const { url } = readUrl(options, environment);
  const transport = options.transport;
  if (transport !== 'auto' && transport !== 'streamable-http' && transport !== 'sse') {
    throw new BridgeArgumentError(
      `--transport must be auto, streamable-http or sse, not "${transport}".`,
    );
  }
  const headers = readHeaders(options, environment);
  return {
    kind: 'http',
    url,
    transport,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
}

/** The bridge's sign-in options, as given on the command line. */
export interface BridgeOAuthArguments {
  oauth: boolean;
  oauthPort?: string;
  tokenFile?: string;
}

/** How the bridge signs in to `target`, or undefined without --oauth; throws what to fix. */
export function readBridgeOAuth(
  options: BridgeOAuthArguments,
  target: UpstreamTarget,
): BridgeOAuthSettings | undefined {
  if (!options.oauth) {
    if (options.oauthPort !== undefined || options.tokenFile !== undefined) {
      throw new BridgeArgumentError('--oauth-port and --token-file go with --oauth.');
    }
    return undefined;
  }
  if (target.kind === 'stdio') {
    throw new BridgeArgumentError(
      '--oauth signs in to a server reached by URL; a --stdio server has no sign-in.',
    );
  }
  if (Object.keys(target.headers ?? {}).some((name) => name.toLowerCase() === 'authorization')) {
    throw new BridgeArgumentError(
      'Give --oauth or an Authorization header, not both: with --oauth the bridge sends the token ' +
        'it signed in for.',
    );
  }
  let port: number | undefined;
  if (options.oauthPort !== undefined) {
    port = Number(options.oauthPort);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new BridgeArgumentError(`--oauth-port "${options.oauthPort}" is not a port.`);
    }
  }
  if (options.tokenFile === '') throw new BridgeArgumentError('--token-file needs a file name.');
  return {
    ...(port !== undefined ? { port } : {}),
    ...(options.tokenFile !== undefined ? { tokenFile: options.tokenFile } : {}),
  };
}
