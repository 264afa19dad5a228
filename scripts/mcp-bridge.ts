// `npm run mcp-bridge -- URL | -- COMMAND [ARGS...]`: serves another MCP server (remote Streamable HTTP or
// SSE, or a local stdio command) as Streamable HTTP on loopback, with CORS, so the app's page can reach it.
import { parseArgs } from 'node:util';
import { describeUpstream, type UpstreamTarget } from '../src/mcp/node/mcp-upstream';
import { startMcpBridge } from '../src/mcp/node/start-mcp-bridge';

const usage = `Usage:
  npm run mcp-bridge -- https://example.org/mcp [--transport auto|streamable-http|sse] [--header "Name: value"]
  npm run mcp-bridge -- --stdio -- COMMAND [ARGS...]
Options: [--port 8790] [--host 127.0.0.1] [--token SECRET | env MAPWRIGHT_MCP_TOKEN]
  [--allow-origin https://app.example.org | '*'] [--allow-host NAME]
Then add http://127.0.0.1:PORT/mcp as a server in Mapwright's Settings.`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    stdio: { type: 'boolean', default: false },
    transport: { type: 'string', default: 'auto' },
    header: { type: 'string', multiple: true },
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
  console.error(usage);
  process.exit(2);
}

if (values.help) {
  console.error(usage);
  process.exit(0);
}
let target: UpstreamTarget;
if (values.stdio) {
  const [command, ...args] = positionals;
  if (!command) refuse('--stdio needs the command that starts the server, after --.');
  target = { kind: 'stdio', command, args };
} else {
  const [url, ...rest] = positionals;
  if (!url || rest.length > 0) refuse('Give one server URL, or --stdio -- COMMAND.');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    refuse(`"${url}" is not a URL. Write it whole, e.g. https://example.org/mcp.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    refuse(`${url} is not an http(s) URL.`);
  }
  const transport = values.transport;
  if (transport !== 'auto' && transport !== 'streamable-http' && transport !== 'sse') {
    refuse(`--transport must be auto, streamable-http or sse, not "${transport}".`);
  }
  const headers: Record<string, string> = {};
  for (const line of values.header ?? []) {
    const colon = line.indexOf(':');
    if (colon <= 0) refuse(`--header "${line}" must read "Name: value".`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  target = {
    kind: 'http',
    url,
    transport,
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
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
    ...(token ? { token } : {}),
    ...(values['allow-origin'] ? { allowedOrigins: values['allow-origin'] } : {}),
    ...(values['allow-host'] ? { allowedHosts: values['allow-host'] } : {}),
  });
  console.error(
    `bridging ${describeUpstream(target)} (${bridge.identity.title ?? bridge.identity.name})`,
  );
  // The URL goes to stdout (alone) so scripts and tests can read it; everything else goes to stderr.
  console.log(bridge.url);
  const stop = async () => {
    await bridge.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
