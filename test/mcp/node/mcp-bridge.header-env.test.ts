// `npm run mcp-bridge -- --header-env Authorization=VARIABLE URL` (and `--url-env`): the bridge, run as
// the script a person runs (bundled once, bundled-script.ts), sends the header it read from the
// environment to a server that refuses every request without it, serves that server's tools, and prints
// neither the token nor the URL's key.
import { spawn } from 'node:child_process';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { McpHub } from '../../../src/mcp';
import { BridgeArgumentError, readBridgeTarget } from '../../../src/mcp/node/read-bridge-target';
import { serveMcpHttp, type McpHttpServer } from '../../../src/mcp/node/serve-mcp-http';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { bundledScript } from '../bundled-script';

const token = 'upstream-t0ken-8c1f5e2a9b';
const urlKey = 'k3y-4d7e9a0b1c';

/** A server that answers only requests carrying `Authorization: Bearer <token>`. */
function guardedUpstream(): Promise<McpHttpServer> {
  return serveMcpHttp({
    port: 0,
    token,
    createSessionServer: () => {
      const server = new Server(
        { name: 'guarded', version: '1.0.0' },
        { capabilities: { tools: {} } },
      );
      server.setRequestHandler(ListToolsRequestSchema, () => ({
        tools: [{ name: 'behind_the_token', inputSchema: { type: 'object' as const } }],
      }));
      return server;
    },
  });
}

interface RunningBridge {
  url: Promise<string>;
  output(): string;
  stop(): Promise<void>;
}

// The script bundled once (bundled-script.ts): 0.5 CPU-seconds a start instead of 2.4 through tsx.
let bridgeScript: string;
beforeAll(async () => {
  bridgeScript = await bundledScript('scripts/mcp-bridge.ts');
}, 60_000);

function runBridge(args: string[], environment: Record<string, string>): RunningBridge {
  const child = spawn(process.execPath, [bridgeScript, '--port', '0', ...args], {
    env: { ...process.env, ...environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`No URL printed:\n${output}`)), 30_000);
    // The bridge prints its own URL alone on stdout; stderr names the upstream's.
    let printed = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      printed += chunk.toString();
      const found = /^http:\/\/127\.0\.0\.1:\d+\/mcp$/m.exec(printed)?.[0];
      if (found) {
        clearTimeout(timer);
        done(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    output: () => output,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

let upstream: McpHttpServer | undefined;
let bridge: RunningBridge | undefined;
let hub: McpHub | undefined;

afterEach(async () => {
  await hub?.close();
  await bridge?.stop();
  await upstream?.stop();
  hub = bridge = upstream = undefined;
});

describe('the bridge reads secrets from the environment', () => {
  it('sends --header-env upstream, reads --url-env, and prints neither', async () => {
    upstream = await guardedUpstream();
    bridge = runBridge(
      ['--header-env', 'Authorization=UPSTREAM_AUTHORIZATION', '--url-env', 'UPSTREAM_URL'],
      {
        UPSTREAM_AUTHORIZATION: `Bearer ${token}`,
        UPSTREAM_URL: `${upstream.url}?api_key=${urlKey}`,
      },
    );
    const url = await bridge.url;
    const registry = new ToolRegistry();
    hub = new McpHub({ registry, retry: { attempts: 1, baseDelayMs: 10, maxDelayMs: 10 } });
    hub.addServer({ id: 'bridged', url, transport: 'streamable-http' });
    await hub.connect('bridged');
    expect(registry.list().map((tool) => tool.name)).toContain('behind_the_token');
    expect(bridge.output()).toMatch(/bridging http:\/\/127\.0\.0\.1:\d+\/mcp\?…/);
    expect(bridge.output()).not.toContain(token);
    expect(bridge.output()).not.toContain(urlKey);
  }, 60_000);

  it('does not start without the header the server needs', async () => {
    upstream = await guardedUpstream();
    bridge = runBridge([upstream.url], {});
    await expect(bridge.url).rejects.toThrow(/Exited with 1/);
  }, 60_000);
});

describe('reading the bridge target', () => {
  const options = { stdio: false, transport: 'auto' };

  it('names an unset variable, never a value', () => {
    expect(() =>
      readBridgeTarget(
        { ...options, positionals: ['https://example.org/mcp'], headerEnv: ['Authorization=NOPE'] },
        {},
      ),
    ).toThrow(
      new BridgeArgumentError(
        '--header-env Authorization names NOPE, which is not set in the environment.',
      ),
    );
    expect(() =>
      readBridgeTarget(
        { ...options, positionals: [], urlEnv: 'URL_VARIABLE' },
        { URL_VARIABLE: `ftp://x/${urlKey}` },
      ),
    ).toThrow('the URL in URL_VARIABLE is not an http(s) URL.');
  });

  it('takes one URL: given, or from a variable', () => {
    expect(() =>
      readBridgeTarget(
        { ...options, positionals: ['https://a.example/mcp'], urlEnv: 'URL_VARIABLE' },
        { URL_VARIABLE: 'https://b.example/mcp' },
      ),
    ).toThrow(BridgeArgumentError);
    expect(
      readBridgeTarget(
        { ...options, positionals: [], urlEnv: 'URL_VARIABLE', headerEnv: ['X-Key=KEY'] },
        { URL_VARIABLE: 'https://b.example/mcp', KEY: ' value ' },
      ),
    ).toEqual({
      kind: 'http',
      url: 'https://b.example/mcp',
      transport: 'auto',
      headers: { 'X-Key': 'value' },
    });
  });
});
