// The MCP bridge end to end: connect to the bridged server, then serve it over Streamable HTTP on
// loopback with CORS for the app's page and the same Host, Origin, token and size guards as the SQL server.
// With `oauth`, the bridge signs in to the server first (bridge-sign-in.ts); while the person has yet to
// open the URL it printed, it serves anyway, and the page's calls are told to sign in.
import { BridgeSignIn } from './bridge-sign-in';
import { BridgeStartError, listenFailure, upstreamStartFailure } from './bridge-start-error';
import { createBridgeServer, identityOf, type UpstreamIdentity } from './create-bridge-server';
import {
  describeUpstream,
  McpUpstream,
  UpstreamSignInError,
  type UpstreamTarget,
} from './mcp-upstream';
import { redactPrinted } from './redact-printed';
import { serveMcpHttp, type McpHttpServer, type ServeMcpHttpOptions } from './serve-mcp-http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';

/** How the bridge signs in to a server that asks for OAuth (`--oauth`). */
export interface BridgeOAuthSettings {
  /** The 127.0.0.1 port of the sign-in redirect (`--oauth-port`); a free one when absent. */
  port?: number;
  /** Keeps the sign-in in this file, mode 0600 (`--token-file`); in memory only when absent. */
  tokenFile?: string;
}

/** What `npm run mcp-bridge` is given. */
export interface StartMcpBridgeOptions extends Omit<ServeMcpHttpOptions, 'createSessionServer'> {
  target: UpstreamTarget;
  /** Sign in to an HTTP server with OAuth; the authorization URL is printed through `onLog`. */
  oauth?: BridgeOAuthSettings;
}

/** A running bridge and what it learnt about the bridged server. */
export interface McpBridge extends McpHttpServer {
  /** The bridged server's name and capabilities (a stand-in offering tools until the sign-in). */
  readonly identity: UpstreamIdentity;
}

/** Connects to the target (failing here, with the reason, when it cannot) and serves it. */
export async function startMcpBridge(options: StartMcpBridgeOptions): Promise<McpBridge> {
  const { target, oauth, ...rest } = options;
  const live = new Set<Server>();
  // Every line, the stdio server's stderr and a sign-in callback's text included, is printable and
  // holds no secret.
  const onLog = options.onLog;
  const log = (line: string) => onLog?.(redactPrinted(line));
  const serveOptions = { ...rest, ...(onLog ? { onLog: log } : {}) };
  const notify = (kind: 'tools' | 'resources' | 'prompts') => {
    for (const server of live) {
      const sent =
        kind === 'tools'
          ? server.sendToolListChanged()
          : kind === 'resources'
            ? server.sendResourceListChanged()
            : server.sendPromptListChanged();
      void sent.catch(() => {});
    }
  };
  let identity: UpstreamIdentity | undefined;
  let signIn: BridgeSignIn | undefined;
  if (oauth && target.kind === 'http') {
    try {
      signIn = await BridgeSignIn.start({
        serverUrl: target.url,
        name: describeUpstream(target),
        onLog: log,
        ...(oauth.port !== undefined ? { port: oauth.port } : {}),
        ...(oauth.tokenFile ? { tokenFile: oauth.tokenFile } : {}),
        // Learn who the server is now, and tell the sessions opened meanwhile that tools are there.
        onSignedIn: () =>
          void upstream
            .client()
            .then((client) => {
              identity = identityOf(client);
              notify('tools');
            })
            .catch(() => {}),
      });
    } catch (error) {
      throw new BridgeStartError(error instanceof Error ? error.message : String(error), {
        cause: error,
      });
    }
  }
  const upstream = new McpUpstream({
    target,
    onLog: log,
    ...(signIn ? { signIn } : {}),
    onListChanged: notify,
  });
  const stopAll = async () => {
    await upstream.stop();
    await signIn?.stop();
  };
  try {
    identity = identityOf(await upstream.client());
  } catch (error) {
    // Waiting for the person to sign in is no reason not to start: the page is told to sign in.
    if (!(error instanceof UpstreamSignInError)) {
      await stopAll();
      throw new BridgeStartError(redactPrinted(upstreamStartFailure(target, error)), {
        cause: error,
      });
    }
  }
  let served: McpHttpServer;
  try {
    served = await serveMcpHttp({
      ...serveOptions,
      createSessionServer: () => {
        const server = createBridgeServer(upstream, identity ?? awaitingSignIn(target), target);
        live.add(server);
        server.onclose = () => live.delete(server);
        return server;
      },
    });
  } catch (error) {
    await stopAll();
    throw new BridgeStartError(
      await listenFailure(serveOptions.host ?? '127.0.0.1', serveOptions.port ?? 0, error),
      { cause: error },
    );
  }
  return {
    ...served,
    get identity() {
      return identity ?? awaitingSignIn(target);
    },
    stop: async () => {
      await served.stop();
      await stopAll();
    },
  };
}

/** Who the bridged server is before the sign-in lets the bridge ask: a server of tools, named by URL. */
function awaitingSignIn(target: UpstreamTarget): UpstreamIdentity {
  return {
    name: describeUpstream(target),
    version: '0.0.0',
    capabilities: { tools: { listChanged: true } },
  };
}
