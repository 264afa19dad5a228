// One browser session's MCP server in the bridge: it answers with what the bridged server says. Tools,
// resources, prompts and completions are passed through unchanged, with cancellation and progress; the
// server's name, title, instructions and capabilities are the bridged server's own.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../../tools/run-with-limits';
import { describeUpstream, type McpUpstream, type UpstreamTarget } from './mcp-upstream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type {
  RequestHandlerExtra,
  RequestOptions,
} from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

/** What the SDK hands a request handler: the abort signal, the request's _meta, a way to notify. */
type HandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/** A tool call may run this long upstream (the browser keeps its own, shorter, timeout). */
const UPSTREAM_CALL_TIMEOUT_MS = 10 * 60 * 1000;

/** What the bridge learnt about the bridged server when it first connected. */
export interface UpstreamIdentity {
  name: string;
  version: string;
  title?: string;
  instructions?: string;
  capabilities: ServerCapabilities;
}

/** Reads the identity of a connected upstream client. */
export function identityOf(client: Client): UpstreamIdentity {
  const info = client.getServerVersion();
  const instructions = client.getInstructions();
  return {
    name: info?.name ?? 'bridged-server',
    version: info?.version ?? '0.0.0',
    ...(info?.title ? { title: info.title } : {}),
    ...(instructions ? { instructions } : {}),
    capabilities: client.getServerCapabilities() ?? {},
  };
}

/** Capabilities the bridge can pass through: the request families it forwards, and list changes. */
function passedCapabilities(upstream: ServerCapabilities): ServerCapabilities {
  return {
    ...(upstream.tools ? { tools: { listChanged: true } } : {}),
    ...(upstream.resources ? { resources: { listChanged: true } } : {}),
    ...(upstream.prompts ? { prompts: { listChanged: true } } : {}),
    ...(upstream.completions ? { completions: {} } : {}),
  };
}

/** Creates a session's server that forwards to `upstream`. */
export function createBridgeServer(
  upstream: McpUpstream,
  identity: UpstreamIdentity,
  target: UpstreamTarget,
): Server {
  const server = new Server(
    {
      name: identity.name,
      version: identity.version,
      ...(identity.title ? { title: identity.title } : {}),
    },
    {
      capabilities: passedCapabilities(identity.capabilities),
      ...(identity.instructions ? { instructions: identity.instructions } : {}),
    },
  );
  /**
   * Runs one request on the upstream. A protocol error from the bridged server passes through as it is;
   * anything else means the server could not be reached, so the connection is dropped (the next request
   * opens a new one) and the browser is told which server and why.
   */
  const forward = async <Result>(
    send: (client: Client) => Promise<Result>,
    signal: AbortSignal,
  ): Promise<Result> => {
    let client: Client;
    try {
      client = await upstream.client();
    } catch (error) {
      throw new Error(
        `The bridged server ${describeUpstream(target)} is not reachable: ${errorMessage(error)}`,
        { cause: error },
      );
    }
    try {
      return await send(client);
    } catch (error) {
      if (error instanceof McpError || signal.aborted) throw error;
      const reason = errorMessage(error);
      upstream.reset(reason);
      throw new Error(
        `The bridged server ${describeUpstream(target)} did not answer (${reason}). Is it still running?`,
        { cause: error },
      );
    }
  };
  /** Cancellation, and progress passed back under the browser's own progress token. */
  const optionsFor = (extra: HandlerExtra): RequestOptions => {
    const token = extra._meta?.progressToken;
    return {
      signal: extra.signal,
      timeout: UPSTREAM_CALL_TIMEOUT_MS,
      resetTimeoutOnProgress: true,
      ...(token !== undefined
        ? {
            onprogress: (progress) =>
              void extra
                .sendNotification({
                  method: 'notifications/progress',
                  params: { ...progress, progressToken: token },
                })
                .catch(() => {}),
          }
        : {}),
    };
  };
  const capabilities = identity.capabilities;
  if (capabilities.tools) {
    server.setRequestHandler(ListToolsRequestSchema, async (request, extra) =>
      forward((client) => client.listTools(request.params, optionsFor(extra)), extra.signal),
    );
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
      forward(
        (client) => client.callTool(request.params, undefined, optionsFor(extra)),
        extra.signal,
      ),
    );
  }
  if (capabilities.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) =>
      forward((client) => client.listResources(request.params, optionsFor(extra)), extra.signal),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async (request, extra) =>
      forward(
        (client) => client.listResourceTemplates(request.params, optionsFor(extra)),
        extra.signal,
      ),
    );
    server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) =>
      forward((client) => client.readResource(request.params, optionsFor(extra)), extra.signal),
    );
  }
  if (capabilities.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, async (request, extra) =>
      forward((client) => client.listPrompts(request.params, optionsFor(extra)), extra.signal),
    );
    server.setRequestHandler(GetPromptRequestSchema, async (request, extra) =>
      forward((client) => client.getPrompt(request.params, optionsFor(extra)), extra.signal),
    );
  }
  if (capabilities.completions) {
    server.setRequestHandler(CompleteRequestSchema, async (request, extra) =>
      forward((client) => client.complete(request.params, optionsFor(extra)), extra.signal),
    );
  }
  return server;
}
