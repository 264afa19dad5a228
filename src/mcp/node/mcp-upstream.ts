// The server a bridge stands in front of: a remote Streamable HTTP or SSE endpoint, or a local command
// spoken to over stdio. One connection is shared by every browser session. When the server goes away (a
// stdio child exits, an HTTP stream breaks and a ping gets no answer) every request in flight fails at
// once with the reason, and the next request opens a new connection; a server that restarted and forgot
// the session (HTTP 404) is re-initialised and the request sent again, since it never ran. A server that
// signs people in with OAuth (--oauth) gets the bridge's sign-in as its transports' auth provider: the
// SDK adds the token and refreshes it on a 401; while the person has yet to sign in, requests fail at
// once with a sentence that says so.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  getDefaultEnvironment,
  StdioClientTransport,
} from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  ErrorCode,
  McpError,
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../../errors/error-message';
import {
  answerElicitations,
  httpStatusOf,
  openClient,
  type OpenClientOptions,
} from '../connection/mcp-transport';
import {
  isConnectionLoss,
  isNetworkFailure,
  networkFailureReason,
  withoutMcpErrorCode,
} from '../connection/network-failure';
import { maskPassedValues } from './mask-passed-values';
import { redactPrinted } from './redact-printed';
import { singleFlightRefresh } from './single-flight-refresh';
import { stderrLineReader } from './stderr-lines';
import type { McpTransportKind } from '../../config/app-config';
import type { BridgeSignIn } from './bridge-sign-in';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Where the bridged server is. */
export type UpstreamTarget =
  | {
      kind: 'http';
      url: string;
      transport?: McpTransportKind;
      headers?: Record<string, string>;
    }
  | {
      kind: 'stdio';
      command: string;
      args: string[];
      cwd?: string;
      /** Variables added to the SDK's safe defaults (`--env NAME`, or all with `--env-all`). */
      env?: Record<string, string>;
    };

/** What the upstream tells the bridge about itself and its changes. */
export interface UpstreamOptions {
  target: UpstreamTarget;
  /** The upstream's tool, resource or prompt list changed. */
  onListChanged?: (kind: 'tools' | 'resources' | 'prompts') => void;
  /** Lines worth a log: connected, closed and why. */
  onLog?: (message: string) => void;
  /** Signs in to an HTTP server that asks for OAuth (--oauth). */
  signIn?: BridgeSignIn;
}

/**
 * Shows a form the bridged server asks for to the person, through the page whose request is under way
 * (see McpUpstream.request).
 */
export type UpstreamAsk = NonNullable<OpenClientOptions['onElicitation']>;

/** A request failed because the bridged server could not be reached; the message is a sentence. */
export class UpstreamUnreachableError extends Error {
  override readonly name: string = 'UpstreamUnreachableError';
}

/** The bridged server cannot be reached until the person signs in at the URL the bridge printed. */
export class UpstreamSignInError extends UpstreamUnreachableError {
  override readonly name: string = 'UpstreamSignInError';
}

/** How long a ping after a broken stream may take before the server counts as gone. */
const PROBE_TIMEOUT_MS = 800;

/**
 * How the upstream is named in messages: its command line with its secrets masked (a DSN's password,
 * `--password VALUE`), or its URL without user, password or query string, which may hold a secret
 * (`--url-env`) and would otherwise reach the bridge's log.
 */
export function describeUpstream(target: UpstreamTarget): string {
  if (target.kind === 'stdio')
    return redactPrinted(maskPassedValues([target.command, ...target.args].join(' '), target.env));
  const url = new URL(target.url);
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}

/** Why a connection to the upstream could not be opened, as the end of "The bridged server X …". */
function unreachableBecause(error: unknown): string {
  const reason = networkFailureReason(error);
  if (reason) return `does not answer (${reason})`;
  const status = httpStatusOf(error);
  if (status !== undefined) return `answered HTTP ${status}`;
  return `could not be reached (${withoutMcpErrorCode(errorMessage(error)).replace(/\.$/, '')})`;
}

/** One open connection and what happened to it. */
interface Live {
  client: Client;
  /** Set once the connection is known to be gone; requests on it fail with this. */
  down?: UpstreamUnreachableError;
  probing?: boolean;
}

/** A shared, reopening connection to the bridged server. */
export class McpUpstream {
  private connecting: Promise<Live> | undefined;
  private stopped = false;
  private readonly closers: Array<() => Promise<void>> = [];
  /** One abort per request in flight, fired when the connection turns out to be gone. */
  private readonly inFlight = new Map<AbortController, Live>();
  /** The pages able to show a form, one per request in flight that came from such a page. */
  private readonly askers = new Set<UpstreamAsk>();
  /** Kept across connections, so calls that find the token expired together refresh it once. */
  private readonly fetch = singleFlightRefresh();

  constructor(private readonly options: UpstreamOptions) {}

  /** The connected client, connecting (again) when there is none. */
  async client(): Promise<Client> {
    return (await this.live()).client;
  }

  /**
   * Runs one request on the upstream. A protocol error of the request passes through; a server that
   * cannot be reached fails it with an UpstreamUnreachableError (and every other request on the same
   * connection with it); a forgotten session is opened again and the request sent once more.
   */
  async request<Result>(
    send: (client: Client, signal: AbortSignal) => Promise<Result>,
    signal: AbortSignal,
    ask?: UpstreamAsk,
  ): Promise<Result> {
    // A copy per request: two requests from one page each count while they run.
    const asker: UpstreamAsk | undefined = ask && ((request, signal) => ask(request, signal));
    if (asker) this.askers.add(asker);
    try {
      return await this.requestOn(send, signal);
    } finally {
      if (asker) this.askers.delete(asker);
    }
  }

  /**
   * A form the bridged server asks for goes to the page whose request started last: the server asks
   * while it answers a request, and the upstream connection (shared by every page) does not say which.
   * With no page able to show one, the server is told the person dismissed it.
   */
  private async elicit(
    request: Parameters<UpstreamAsk>[0],
    signal: AbortSignal,
  ): ReturnType<UpstreamAsk> {
    const asker = [...this.askers].at(-1);
    return asker ? asker(request, signal) : { action: 'cancel' };
  }

  private async requestOn<Result>(
    send: (client: Client, signal: AbortSignal) => Promise<Result>,
    signal: AbortSignal,
  ): Promise<Result> {
    for (let attempt = 1; ; attempt++) {
      let live: Live;
      try {
        live = await this.live();
      } catch (error) {
        if (error instanceof UpstreamSignInError) throw error;
        throw new UpstreamUnreachableError(
          `The bridged server ${this.name()} ${unreachableBecause(error)}.`,
          { cause: error },
        );
      }
      const gone = new AbortController();
      this.inFlight.set(gone, live);
      try {
        return await send(live.client, AbortSignal.any([signal, gone.signal]));
      } catch (error) {
        if (signal.aborted) throw error;
        if (live.down) throw live.down;
        const signIn = error instanceof UnauthorizedError && this.options.signIn?.waitingSentence();
        if (signIn) {
          // The token was refused and could not be refreshed: the SDK began a new sign-in.
          this.lose(live, 'asks the bridge to sign in again');
          throw new UpstreamSignInError(signIn, { cause: error });
        }
        if (httpStatusOf(error) === 401 && this.options.signIn && attempt === 1) {
          // The server refused a token the bridge had just renewed (the SDK's "401 after successful
          // authentication"): forget it, so the connection opened next starts a sign-in and the page
          // is told to sign in rather than shown the raw status.
          this.options.signIn.provider.invalidateCredentials('tokens');
          this.lose(live, 'refused the token the bridge signed in with');
          continue;
        }
        if (httpStatusOf(error) === 404 && attempt === 1) {
          // A server that answers 404 to the session ran nothing: it restarted and forgot us.
          this.lose(live, 'restarted and forgot the session, so the bridge opened a new one');
          continue;
        }
        if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) throw error;
        throw this.lose(
          live,
          isNetworkFailure(error) || error instanceof McpError
            ? this.goneBecause(error)
            : `failed the request (${withoutMcpErrorCode(errorMessage(error))})`,
        );
      } finally {
        this.inFlight.delete(gone);
      }
    }
  }

  /** Closes the connection (and ends a stdio server's process). */
  async stop(): Promise<void> {
    this.stopped = true;
    const closers = this.closers.splice(0);
    await Promise.all(closers.map((close) => close().catch(() => {})));
  }

  private name(): string {
    return describeUpstream(this.options.target);
  }

  private goneBecause(error: unknown): string {
    if (this.options.target.kind === 'stdio') return 'exited';
    const reason = networkFailureReason(error);
    return reason ? `stopped answering (${reason})` : 'closed the connection';
  }

  /** The open connection; a gone one is replaced by a new one. */
  private async live(): Promise<Live> {
    for (;;) {
      if (this.stopped) throw new Error('the bridge is stopping');
      if (!this.connecting) {
        const attempt = this.open();
        this.connecting = attempt;
        attempt.catch(() => {
          if (this.connecting === attempt) this.connecting = undefined;
        });
      }
      const attempt = this.connecting;
      const live = await attempt;
      if (!live.down) return live;
      if (this.connecting === attempt) this.connecting = undefined;
    }
  }

  /**
   * Marks a connection gone: its requests in flight fail now with the reason, and the next request opens
   * a new connection. Returns the error they fail with.
   */
  private lose(live: Live, reason: string): UpstreamUnreachableError {
    if (live.down) return live.down;
    live.down = new UpstreamUnreachableError(`The bridged server ${this.name()} ${reason}.`);
    for (const [call, on] of this.inFlight) if (on === live) call.abort(live.down);
    this.options.onLog?.(`${this.name()} ${reason}; reconnecting on the next request`);
    void live.client.close().catch(() => {});
    return live.down;
  }

  /**
   * After a stream broke: a server that still answers a ping keeps its requests; one that does not (or
   * that restarted and forgot the session) is gone, and its requests fail now rather than at their
   * timeout.
   */
  private async probe(live: Live): Promise<void> {
    if (live.probing || live.down) return;
    live.probing = true;
    try {
      await live.client.ping({ timeout: PROBE_TIMEOUT_MS });
    } catch (error) {
      this.lose(
        live,
        httpStatusOf(error) === 404
          ? 'restarted, so the calls it was running were lost'
          : this.goneBecause(error),
      );
    } finally {
      live.probing = false;
    }
  }

  private async open(): Promise<Live> {
    const { target } = this.options;
    const onListChanged = this.options.onListChanged ?? (() => {});
    let client: Client;
    let transport: Transport;
    if (target.kind === 'http') {
      const signIn = this.options.signIn;
      // A sign-in under way is not started again: that would print a new URL for every call.
      const waiting = signIn?.waitingSentence();
      if (waiting) throw new UpstreamSignInError(waiting);
      let opened: Awaited<ReturnType<typeof openClient>>;
      try {
        opened = await openClient(
          {
            id: 'upstream',
            url: target.url,
            transport: target.transport ?? 'auto',
            ...(target.headers ? { headers: target.headers } : {}),
          },
          {
            onToolsChanged: () => onListChanged('tools'),
            // Declared always: the upstream opens before any page, and a server offers its form
            // tools only to a client that can answer forms (a page that cannot gets `cancel`).
            onElicitation: (request, signal) => this.elicit(request, signal),
            ...(signIn ? { authProvider: signIn.provider, fetch: this.fetch } : {}),
          },
        );
      } catch (error) {
        const sentence = error instanceof UnauthorizedError && signIn?.waitingSentence();
        if (sentence) throw new UpstreamSignInError(sentence, { cause: error });
        throw error;
      }
      client = opened.client;
      transport = opened.transport;
      this.closers.push(opened.close);
    } else {
      client = new Client(
        { name: 'mapwright-bridge', version: '0.1.0' },
        {
          capabilities: { elicitation: { form: { applyDefaults: true } } },
          listChanged: { tools: { autoRefresh: false, onChanged: () => onListChanged('tools') } },
        },
      );
      answerElicitations(client, (request, signal) => this.elicit(request, signal));
      const stdio = new StdioClientTransport({
        command: target.command,
        args: target.args,
        stderr: 'pipe',
        ...(target.cwd ? { cwd: target.cwd } : {}),
        ...(target.env ? { env: { ...getDefaultEnvironment(), ...target.env } } : {}),
      });
      // A value the bridge hands over (a password) is never printed, whatever the server writes; whole
      // lines only, so the log's redaction sees a secret whole, never cut between two chunks.
      const masked = (line: string) => maskPassedValues(line, target.env);
      const stderrLines = stderrLineReader((line) =>
        this.options.onLog?.(masked(`[server] ${line}`)),
      );
      stdio.stderr?.on('data', (chunk: Buffer) => stderrLines.add(chunk.toString()));
      stdio.stderr?.on('end', () => stderrLines.flush());
      transport = stdio;
      try {
        await client.connect(stdio);
      } catch (error) {
        await client.close().catch(() => {});
        const detail = stderrLines.last(3).join(' ');
        throw new Error(
          masked(
            `could not start "${describeUpstream(target)}": ${withoutMcpErrorCode(errorMessage(error))}` +
              (detail ? ` (${detail})` : ''),
          ),
          { cause: error },
        );
      }
      this.closers.push(() => client.close());
    }
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
      onListChanged('resources'),
    );
    client.setNotificationHandler(PromptListChangedNotificationSchema, () =>
      onListChanged('prompts'),
    );
    const live: Live = { client };
    // A stdio child's exit closes the transport; a broken HTTP stream is only an error, so it is checked.
    const previousOnClose = transport.onclose;
    transport.onclose = () => {
      previousOnClose?.();
      if (!this.stopped) this.lose(live, this.goneBecause(undefined));
    };
    const previousOnError = transport.onerror;
    transport.onerror = (error) => {
      previousOnError?.(error);
      if (!this.stopped && isConnectionLoss(error)) void this.probe(live);
    };
    this.options.onLog?.(`connected to ${describeUpstream(target)}`);
    return live;
  }
}
