// `npm run mcp-bridge -- URL | -- COMMAND [ARGS...]`: serves another MCP server (remote Streamable HTTP or
// SSE, or a local stdio command) as Streamable HTTP on loopback, with CORS, so the app's page can reach it.
import { parseArgs } from 'node:util';
import { describeUpstream, type UpstreamTarget } from '../src/mcp/node/mcp-upstream';
import {
  BridgeArgumentError,
  readBridgeOAuth,
  readBridgeTarget,
} from '../src/mcp/node/read-bridge-target';
import { printedError } from '../src/mcp/node/redact-printed';
import { startMcpBridge, type BridgeOAuthSettings } from '../src/mcp/node/start-mcp-bridge';
import { redactEverythingPrinted } from './redact-console';

const usage = `Usage:
  npm run mcp-bridge -- https://example.org/mcp [--transport auto|streamable-http|sse] [--header "Name: value"]
    [--header-env Name=VARIABLE (the header's value from the environment)]
  npm run mcp-bridge -- --url-env VARIABLE (the URL from the environment, when it holds a secret) [...]
  npm run mcp-bridge -- https://example.org/mcp --oauth [--oauth-port PORT] [--token-file FILE]
    (signs in with OAuth: prints a URL to open, keeps the token in memory, or in FILE with mode 0600)
  npm run mcp-bridge -- --stdio [--env NAME ...| --env-all] -- COMMAND [ARGS...]
    (a stdio server gets only HOME, PATH, USER and a few more of the bridge's environment: --env NAME
    hands it one variable more, e.g. --env PGPASSWORD; --env-all hands it all of them)
Options: [--port 8790] [--host 127.0.0.1] [--token SECRET | env MAPWRIGHT_MCP_TOKEN]
  [--allow-origin https://app.example.org | '*'] [--allow-host NAME]
Then add http://127.0.0.1:PORT/mcp as a server in Mapwright's Settings.`;

// Every line printed from here on (errors and a crash included) is redacted: a stdio server's arguments
// may hold a DSN, and its stderr, a remote error or a sign-in callback may hold anything.
const printUsage = redactEverythingPrinted();

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stdio: { type: 'boolean', default: false },
    transport: { type: 'string', default: 'auto' },
    header: { type: 'string', multiple: true },
    'header-env': { type: 'string', multiple: true },
    'url-env': { type: 'string' },
    env: { type: 'string', multiple: true },
    'env-all': { type: 'boolean', default: false },
    oauth: { type: 'boolean', default: false },
    'oauth-port': { type: 'string' },
    'token-file': { type: 'string' },
    port: { type: 'string', default: '8790' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'allow-host': { type: 'string', multiple: true },
    help: { type: 'boolean', default: false },
  },
});

/** Prints the problem and the usage, and exits. */
function refuse(message: string): never {
  console.error(message);
  printUsage(usage);
  process.exit(2);
}

if (values.help) {
  printUsage(usage);
  process.exit(0);
}
let target: UpstreamTarget;
let oauth: BridgeOAuthSettings | undefined;
try {
  target = readBridgeTarget(
    {
      stdio: values.stdio,
      positionals,
      transport: values.transport,
      ...(values.header ? { header: values.header } : {}),
      ...(values['header-env'] ? { headerEnv: values['header-env'] } : {}),
      ...(values['url-env'] ? { urlEnv: values['url-env'] } : {}),
      ...(values.env ? { env: values.env } : {}),
      envAll: values['env-all'],
    },
    process.env,
  );
  oauth = readBridgeOAuth(
    {
      oauth: values.oauth,
      ...(values['oauth-port'] !== undefined ? { oauthPort: values['oauth-port'] } : {}),
      ...(values['token-file'] !== undefined ? { tokenFile: values['token-file'] } : {}),
    },
    target,
  );
} catch (error) {
  if (!(error instanceof BridgeArgumentError)) throw error;
  refuse(error.message);
}
const port = Number(values.port);
if (!Number.isInteger(port) || port < 0 || port > 65535)
  refuse(`--port "${values.port}" is not a port.`);

const token = values.token ?? process.env.MAPWRIGHT_MCP_TOKEN;
try {
  const bridge = await startMcpBridge({
    target,
    host: values.host,
    port,
    onLog: (message) => console.error(message),
    ...(oauth ? { oauth } : {}),
    ...(token ? { token } : {}),
    ...(values['allow-origin'] ? { allowedOrigins: values['allow-origin'] } : {}),
    ...(values['allow-host'] ? { allowedHosts: values['allow-host'] } : {}),
  });
  const named = bridge.identity.title ?? bridge.identity.name;
  // Before the sign-in, the bridge does not know the server's name yet.
  const shown = describeUpstream(target);
  console.error(`bridging ${shown}${named === shown ? '' : ` (${named})`}`);
  // The URL goes to stdout (alone) so scripts and tests can read it; everything else goes to stderr.
  console.log(bridge.url);
  const stop = async () => {
    await bridge.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  console.error(printedError(error));
  process.exit(1);
}
