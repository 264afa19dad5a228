// Opens the transport a server config asks for; `auto` falls back from Streamable HTTP to SSE on a 4xx.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider';
import { sharedTokenRecovery } from '../sign-in/shared-token-recovery';
import { tokenBoundFetch } from '../sign-in/token-bound-fetch';
import type { HubServerConfig } from '../config/mcp-server-config';
import type { ElicitationSchema } from '../forms/elicitation-form';
import type { ElicitationAnswer, ElicitationRequest } from '../forms/elicitation-request';
import type { OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Makes a fresh in-page server for an embedded connection (one per connection). */
export type EmbeddedServerFactory = () => Server;

/** What opening a connection needs besides the config. */
export interface OpenClientOptions {
  fetch?: typeof fetch;
  /** Signs in to a server that answers 401 with OAuth (see browser-oauth-provider.ts). */
  authProvider?: OAuthClientProvider;
  embedded?: EmbeddedServerFactory;
  onToolsChanged: () => void;
  /** Asks the person for input a server requests; without it the client declares no elicitation. */
  onElicitation?: (
    request: Omit<ElicitationRequest, 'serverId'>,
    signal: AbortSignal,
  ) => Promise<ElicitationAnswer>;
}

/** A connected client and a way to close what was opened for it. */
export interface OpenedClient {
  client: Client;
  transport: Transport;
  close(): Promise<void>;
}

/** The HTTP status carried by an SDK transport error, if any. */
export function httpStatusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' && code >= 100 && code < 600 ? code : undefined;
}

function newClient(options: OpenClientOptions): Client {
  const { onToolsChanged, onElicitation } = options;
  // CfWorker validates schemas without `new Function`, which the app's CSP forbids (Ajv needs it).
  const client = new Client(
    { name: 'mapwright', version: '0.1.0' },
    {
      // Form mode only: a URL-mode request would send the person to a page the app cannot vouch for.
      // applyDefaults fills a field the person left empty with the schema's default (SEP-1034).
      capabilities: onElicitation ? { elicitation: { form: { applyDefaults: true } } } : {},
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
      listChanged: { tools: { autoRefresh: false, onChanged: () => onToolsChanged() } },
    },
  );
  if (onElicitation) answerElicitations(client, onElicitation);
  return client;
}

/** Hands a server's form requests to `onElicitation`; a URL-mode request is declined. */
export function answerElicitations(
  client: Client,
  onElicitation: NonNullable<OpenClientOptions['onElicitation']>,
): void {
  client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
    const params = request.params;
    if (params.mode === 'url') return { action: 'decline' };
    return onElicitation(
      { message: params.message, schema: params.requestedSchema as ElicitationSchema },
      extra.signal,
    );
  });
}

async function connectWith(
  client: Client,
  transport: Transport,
  extra?: () => Promise<void>,
): Promise<OpenedClient> {
  await client.connect(transport);
  return {
    client,
    transport,
    close: async () => {
      await client.close().catch(() => {});
      await extra?.();
    },
  };
}

/** Connects a new client to the server described by `config`. */
export async function openClient(
  config: HubServerConfig,
  options: OpenClientOptions,
): Promise<OpenedClient> {
  const kind = config.transport ?? (config.url ? 'auto' : 'embedded');
  if (kind === 'embedded') {
    if (!options.embedded) {
      throw new Error(`Server "${config.id}" is embedded but no in-page server was given for it.`);
    }
    const server = options.embedded();
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    return connectWith(newClient(options), clientSide, () => server.close());
  }
  if (!config.url) throw new Error(`Server "${config.id}" has no url. Add one to its settings.`);
  const url = new URL(config.url, globalThis.location?.href);
  const requestInit: RequestInit = config.headers ? { headers: config.headers } : {};
  // The server's token goes to this URL only, and follows no redirect (token-bound-fetch.ts).
  const bound = tokenBoundFetch(url, options.fetch);
  const fetchOption = options.authProvider
    ? {
        // Requests refused with the same expired token share one renewal (shared-token-recovery.ts).
        fetch: sharedTokenRecovery(url, options.authProvider, bound),
        authProvider: options.authProvider,
      }
    : { fetch: bound };
  const streamable = () =>
    connectWith(
      newClient(options),
      new StreamableHTTPClientTransport(url, {
        requestInit,
        ...fetchOption,
        reconnectionOptions: {
          initialReconnectionDelay: 1000,
          maxReconnectionDelay: 30_000,
          reconnectionDelayGrowFactor: 1.5,
          maxRetries: 2,
        },
      }),
    );
  const sse = () =>
    connectWith(newClient(options), new SSEClientTransport(url, { requestInit, ...fetchOption }));
  if (kind === 'streamable-http') return streamable();
  if (kind === 'sse') return sse();
  try {
    return await streamable();
  } catch (error) {
    const status = httpStatusOf(error);
    if (status !== undefined && status >= 400 && status < 500 && status !== 401 && status !== 403) {
      return sse();
    }
    throw error;
  }
}
