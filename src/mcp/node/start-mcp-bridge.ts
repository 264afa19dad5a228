// The MCP bridge end to end: connect to the bridged server, then serve it over Streamable HTTP on
// loopback with CORS for the app's page and the same Host, Origin, token and size guards as the SQL server.
import { BridgeStartError, listenFailure, upstreamStartFailure } from './bridge-start-error';
import { createBridgeServer, identityOf, type UpstreamIdentity } from './create-bridge-server';
import { McpUpstream, type UpstreamTarget } from './mcp-upstream';
import { serveMcpHttp, type McpHttpServer, type ServeMcpHttpOptions } from './serve-mcp-http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** What `npm run mcp-bridge` is given. */
export interface StartMcpBridgeOptions extends Omit<ServeMcpHttpOptions, 'createSessionServer'> {
  target: UpstreamTarget;
}

/** A running bridge and what it learnt about the bridged server. */
export interface McpBridge extends McpHttpServer {
  identity: UpstreamIdentity;
}

/** Connects to the target (failing here, with the reason, when it cannot) and serves it. */
export async function startMcpBridge(options: StartMcpBridgeOptions): Promise<McpBridge> {
  const { target, ...serveOptions } = options;
  const live = new Set<Server>();
  const upstream = new McpUpstream({
    target,
    ...(options.onLog ? { onLog: options.onLog } : {}),
    onListChanged: (kind) => {
      for (const server of live) {
        const sent =
          kind === 'tools'
            ? server.sendToolListChanged()
            : kind === 'resources'
              ? server.sendResourceListChanged()
              : server.sendPromptListChanged();
        void sent.catch(() => {});
      }
    },
  });
  let identity: UpstreamIdentity;
  let served: McpHttpServer;
  try {
    identity = identityOf(await upstream.client());
  } catch (error) {
    await upstream.stop();
    throw new BridgeStartError(upstreamStartFailure(target, error), { cause: error });
  }
  try {
    served = await serveMcpHttp({
      ...serveOptions,
      createSessionServer: () => {
        const server = createBridgeServer(upstream, identity, target);
        live.add(server);
        server.onclose = () => live.delete(server);
        return server;
      },
    });
  } catch (error) {
    await upstream.stop();
    throw new BridgeStartError(
      await listenFailure(serveOptions.host ?? '127.0.0.1', serveOptions.port ?? 0, error),
      { cause: error },
    );
  }
  return {
    ...served,
    identity,
    stop: async () => {
      await served.stop();
      await upstream.stop();
    },
  };
}
