// One browser session's MCP server in the bridge: it answers with what the bridged server says. Tools,
// resources, prompts and completions are passed through unchanged, with cancellation and progress; the
// server's name, title, instructions and capabilities are the bridged server's own. A form the bridged
// server asks for during a call goes to the page that made it (when the page can show forms).
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ElicitResultSchema,
  GetPromptRequestSchema,
  ListPromptsRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type ServerCapabilities,
} from '@modelcontextprotocol/sdk/types.js';
import { withoutMcpErrorCode } from '../connection/network-failure';
import { UPSTREAM_UNREACHABLE_CODE } from '../connection/upstream-unreachable';
import {
  describeUpstream,
  UpstreamSignInError,
  UpstreamUnreachableError,
  type McpUpstream,
  type UpstreamAsk,
  type UpstreamTarget,
} from './mcp-upstream';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type {
  RequestHandlerExtra,
  RequestOptions,
} from '@modelcontextprotocol/sdk/shared/protocol.js';
import type {
  ElicitRequestFormParams,
  ServerNotification,
  ServerRequest,
} from '@modelcontextprotocol/sdk/types.js';

/** What the SDK hands a request handler: the abort signal, the request's _meta, a way to notify. */
type HandlerExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * An error the bridge answers a request with: the SDK sends `code`, `message` and `data` as they are,
 * where an McpError's message would carry its code a second time.
 */
class BridgeReplyError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

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

/**
 * How a form the bridged server asks for while it answers this request reaches the page: as a request
 * of the bridge's own, on the same stream as the answer, if the page declared it can show forms.
 */
function askThrough(server: Server, extra: HandlerExtra): UpstreamAsk | undefined {
  if (!server.getClientCapabilities()?.elicitation) return undefined;
  return async (request, signal) => {
    const answer = await extra.sendRequest(
      {
        method: 'elicitation/create',
        params: {
          mode: 'form',
          message: request.message,
          requestedSchema: request.schema as ElicitRequestFormParams['requestedSchema'],
        },
      },
      ElicitResultSchema,
      { signal },
    );
    return answer.action === 'accept'
      ? { action: 'accept', content: (answer.content ?? {}) as Record<string, never> }
      : { action: answer.action };
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
   * Runs one request on the upstream. A protocol error from the bridged server passes through in its own
   * words (the SDK would otherwise write its code twice); a server that cannot be reached is reported with
   * UPSTREAM_UNREACHABLE_CODE and a sentence that names it, so the page knows the server, not the
   * bridge, is down (with `signIn: true` in its data while the person has yet to sign in).
   */
  const forward = async <Result>(
    send: (client: Client, options: RequestOptions) => Promise<Result>,
    extra: HandlerExtra,
  ): Promise<Result> => {
    try {
      return await upstream.request(
        (client, signal) => send(client, { ...optionsFor(extra), signal }),
        extra.signal,
        askThrough(server, extra),
      );
    } catch (error) {
      if (error instanceof UpstreamUnreachableError) {
        throw new BridgeReplyError(UPSTREAM_UNREACHABLE_CODE, error.message, {
          upstream: describeUpstream(target),
          ...(error instanceof UpstreamSignInError ? { signIn: true } : {}),
        });
      }
      if (error instanceof McpError) {
        throw new BridgeReplyError(error.code, withoutMcpErrorCode(error.message), error.data);
      }
      throw error;
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
      forward((client, options) => client.listTools(request.params, options), extra),
    );
    server.setRequestHandler(CallToolRequestSchema, async (request, extra) =>
      forward((client, options) => client.callTool(request.params, undefined, options), extra),
    );
  }
  if (capabilities.resources) {
    server.setRequestHandler(ListResourcesRequestSchema, async (request, extra) =>
      forward((client, options) => client.listResources(request.params, options), extra),
    );
    server.setRequestHandler(ListResourceTemplatesRequestSchema, async (request, extra) =>
      forward((client, options) => client.listResourceTemplates(request.params, options), extra),
    );
    server.setRequestHandler(ReadResourceRequestSchema, async (request, extra) =>
      forward((client, options) => client.readResource(request.params, options), extra),
    );
  }
  if (capabilities.prompts) {
    server.setRequestHandler(ListPromptsRequestSchema, async (request, extra) =>
      forward((client, options) => client.listPrompts(request.params, options), extra),
    );
    server.setRequestHandler(GetPromptRequestSchema, async (request, extra) =>
      forward((client, options) => client.getPrompt(request.params, options), extra),
    );
  }
  if (capabilities.completions) {
    server.setRequestHandler(CompleteRequestSchema, async (request, extra) =>
      forward((client, options) => client.complete(request.params, options), extra),
    );
  }
  return server;
}
