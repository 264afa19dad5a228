// `npm run mcp-server -- --data DIR|FILES --port N`: the SQL MCP server over native DuckDB, on loopback.
import { parseArgs } from 'node:util';
import { startNodeSqlServer } from '../src/mcp/node/start-node-sql-server';

const usage = `Usage: npm run mcp-server -- --data DIR|FILE [--data ...] [--port 8765] [--host 127.0.0.1]
  [--token SECRET | env MAPWRIGHT_MCP_TOKEN] [--allow-origin https://example.org | '*']
  [--allow-host NAME] [--writable] [--max-rows 10000] [--timeout-ms 30000]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    data: { type: 'string', multiple: true },
    port: { type: 'string', default: '8765' },
    host: { type: 'string', default: '127.0.0.1' },
    token: { type: 'string' },
    'allow-origin': { type: 'string', multiple: true },
    'allow-host': { type: 'string', multiple: true },
    writable: { type: 'boolean', default: false },
    'max-rows': { type: 'string' },
    'timeout-ms': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const paths = [...(values.data ?? []), ...positionals];
if (values.help || paths.length === 0) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}

const token = values.token ?? process.env.MAPWRIGHT_MCP_TOKEN;
const running = await startNodeSqlServer({
  paths,
  onLog: (message) => console.error(message),
  name: 'mapwright-sql-node',
  host: values.host,
  port: Number(values.port),
  writable: values.writable,
  ...(token ? { token } : {}),
  ...(values['allow-origin'] ? { allowedOrigins: values['allow-origin'] } : {}),
  ...(values['allow-host'] ? { allowedHosts: values['allow-host'] } : {}),
  ...(values['max-rows'] ? { rowCap: Number(values['max-rows']) } : {}),
  ...(values['timeout-ms'] ? { timeoutMs: Number(values['timeout-ms']) } : {}),
});
// The URL goes to stdout (alone) so scripts and tests can read it; everything else goes to stderr.
console.log(running.url);
const stop = async () => {
  await running.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
