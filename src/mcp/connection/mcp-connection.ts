// One server's connection: connect with retries, keep its tool list fresh, call tools, recover sessions,
// and reconnect on its own (with backoff) when the server goes away.
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { type CallToolResult, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../../errors/error-message';
import { closedConnectionReason } from './closed-connection-reason';
import { connectFailure } from './connect-failure';
import {
  isClosedConnection,
  isSessionLost,
  McpConnectionClosedError,
  McpSessionLostError,
} from './connection-errors';
import { McpCallError, notReachableSentence } from './describe-call-error';
import { listAllTools } from './list-server-tools';
import { openClient, type EmbeddedServerFactory, type OpenedClient } from './mcp-transport';
import { isConnectionLoss, networkFailureReason, withoutMcpErrorCode } from './network-failure';
import { backoffDelay, ReconnectSchedule, type RetryPolicy } from './reconnect-schedule';
import { gateServerForms } from './server-forms';
import { unavailableSentence } from './unavailable-sentence';
import { isUpstreamUnreachable, isWaitingForSignIn } from './upstream-unreachable';
import type { BridgeCommand } from '../config/bridge-command';
import type { HubServerConfig, McpServerStatus, McpStatusEvent } from '../config/mcp-server-config';
import type { ElicitationHandler } from '../forms/elicitation-request';
import type { BrowserOAuthProvider } from '../sign-in/browser-oauth-provider';

export type { RetryPolicy } from './reconnect-schedule';
export { McpConnectionClosedError, McpSessionLostError } from './connection-errors';

/** What a connection reports to its hub. */
export interface McpConnectionOptions {
  fetch?: typeof fetch;
  /** Signs in to the server when it asks for OAuth; absent where there is no page (Node). */
  authProvider?: BrowserOAuthProvider;
  embedded?: EmbeddedServerFactory;
  retry: RetryPolicy;
  /** How it reconnects after the server went away: attempts and backoff (forever by default). */
  reconnect: RetryPolicy;
  onStatus(event: McpStatusEvent): void;
  onTools(tools: McpTool[]): void;
  /** Asks the person for input the server requests (elicitation); absent, none is offered. */
  onElicitation?: ElicitationHandler;
  /** Told why a request for input was declined without asking the person (no call of it running). */
  onElicitationRefused?: (reason: string) => void;
}

/** How many times one call is sent again after the server could not have run it (refused, lost session). */
const MAX_RESENDS = 3;

/** A live (or not yet live) link to one MCP server. */
export class McpConnection {
  status: McpServerStatus = 'disconnected';
  lastError?: string;
  tools: McpTool[] = [];
  /** After a connection got no answer: the command that bridges the server (see bridge-command.ts). */
  bridgeCommand: BridgeCommand | undefined;
  /** Set when the server asked for OAuth: where the person signs in (opened on their click). */
  signInUrl: URL | undefined;
  /** The name the server gives itself when it connects (its `title`, else its `name`). */
  serverTitle: string | undefined;
  /** Calls waiting for the server to connect or come back (the chat's status line names it). */
  callsWaiting = 0;
  /** Credentials the person typed into this server's forms (this tab only): masked in every result. */
  readonly formSecrets = new Set<string>();
  private opened?: OpenedClient;
  private generation = 0;
  private connecting?: Promise<void>;
  private attempted = false;
  /** One abort per call in flight, fired when the server turns out to have closed the connection. */
  private readonly inFlight = new Set<AbortController>();
  /** Calls in flight on each client, so a client replaced under them is closed once they have settled. */
  private readonly callsOn = new Map<OpenedClient, number>();
  /** Clients replaced after a lost session, closed once the calls still on them have settled. */
  private readonly retired = new Set<OpenedClient>();
  private checking?: OpenedClient;
  private readonly schedule = new ReconnectSchedule();
  /**
   * A bridge's session kept open while the bridge waits for the person to sign in to the server behind
   * it: the bridge says on it (tools/list_changed) when they have, and the connection tries again.
   */
  private awaitingSignIn?: OpenedClient;

  constructor(
    readonly config: HubServerConfig,
    private readonly options: McpConnectionOptions,
  ) {}

  /**
   * Settles when discovery has finished (connected or failed): waits for an attempt under way, starts
   * one if none was ever made, and resolves at once otherwise. A server coming back after it went away
   * was discovered already: its tools stay registered and a call of one waits for it (saying so), so
   * nothing waits here for a reconnection that may take minutes. Never rejects.
   */
  settled(): Promise<void> {
    if (this.status === 'reconnecting') return Promise.resolve();
    if (this.connecting) return this.connecting;
    return this.attempted ? Promise.resolve() : this.connect();
  }

  /** Connects and lists tools, retrying with backoff; settles with the status set (never throws). */
  connect(): Promise<void> {
    this.attempted = true;
    this.connecting ??= this.track(this.connectWithRetry(this.options.retry, 'connecting'));
    return this.connecting;
  }

  /**
   * Drops the connection and connects again at once, from a fresh set of attempts (the person's
   * Reconnect); an attempt or a reconnection under way gives up.
   */
  reconnect(): Promise<void> {
    this.generation += 1;
    this.stopAwaitingSignIn();
    const opened = this.opened;
    this.opened = undefined;
    this.tools = [];
    void opened?.close();
    this.connecting = undefined;
    return this.connect();
  }

  /**
   * Something says the server may be back (the page became visible, the network returned, a call waits
   * for it): a reconnection pausing between attempts tries now. True if one was pausing.
   */
  wake(): boolean {
    if (this.awaitingSignIn && !this.connecting) {
      // The person may have signed in at the bridge's URL while the page was hidden.
      void this.connect();
      return true;
    }
    return this.schedule.wake();
  }

  /** The name messages give the server: the configured one, else its id. */
  get displayName(): string {
    return this.config.name ?? this.config.id;
  }

  /** The host of the configured URL, as the form names the server; undefined without a URL. */
  get host(): string | undefined {
    if (!this.config.url) return undefined;
    try {
      return new URL(this.config.url, globalThis.location?.href).host;
    } catch {
      return undefined;
    }
  }

  private track(attempt: Promise<void>): Promise<void> {
    const tracked: Promise<void> = attempt.finally(() => {
      if (this.connecting === tracked) this.connecting = undefined;
    });
    return tracked;
  }

  /** Closes the connection; a connection attempt under way gives up. */
  async disconnect(): Promise<void> {
    this.generation += 1;
    // A reconnection under way gives up at its next step; Enable must not wait for it.
    this.connecting = undefined;
    this.stopAwaitingSignIn();
    const opened = this.opened;
    this.opened = undefined;
    this.tools = [];
    await opened?.close();
    this.setStatus('disconnected');
  }

  /**
   * Calls a tool. While the server is (re)connecting the call waits for it (until `signal` ends it). A
   * request the server cannot have run (the connection was refused, or the server had forgotten the
   * session) is sent again once the connection is back; one that may have run is reported, not repeated.
   */
  async callTool(
    name: string,
    args: Record<string, unknown>,
    options: {
      signal: AbortSignal;
      timeoutMs: number;
      /** Told when the call starts waiting for the server (true) and when it stops (false). */
      onWaiting?: (waiting: boolean) => void;
    },
  ): Promise<CallToolResult> {
    for (let resends = 0; ; resends++) {
      const opened = await this.usable(options.signal, options.onWaiting);
      const outcome = await this.callOnce(opened, name, args, options);
      if (outcome.kind === 'result') return outcome.result;
      if (resends === MAX_RESENDS || options.signal.aborted) throw outcome.error;
    }
  }

  /**
   * The client to call on: at once when connected; after the connection under way when the server is
   * connecting or coming back. A server switched off or given up on is unavailable now.
   */
  private async usable(
    signal: AbortSignal,
    onWaiting?: (waiting: boolean) => void,
  ): Promise<OpenedClient> {
    let waiting = false;
    try {
      for (;;) {
        if (this.opened && this.status === 'connected') return this.opened;
        const connecting = this.connecting;
        if (!connecting || signal.aborted) throw new McpCallError(this.unavailableReason());
        if (!waiting) {
          waiting = true;
          this.callsWaiting += 1;
          onWaiting?.(true);
        }
        // A call that waits is a reason to try now rather than after the backoff.
        this.wake();
        await new Promise<void>((resolve) => {
          const stop = () => resolve();
          signal.addEventListener('abort', stop, { once: true });
          void connecting.then(() => {
            signal.removeEventListener('abort', stop);
            resolve();
          });
        });
      }
    } finally {
      if (waiting) {
        this.callsWaiting -= 1;
        onWaiting?.(false);
      }
    }
  }

  /** One request; a failure the server cannot have caused to run comes back to be sent again. */
  private async callOnce(
    opened: OpenedClient,
    name: string,
    args: Record<string, unknown>,
    options: { signal: AbortSignal; timeoutMs: number },
  ): Promise<{ kind: 'result'; result: CallToolResult } | { kind: 'resend'; error: Error }> {
    const closed = new AbortController();
    this.inFlight.add(closed);
    this.callsOn.set(opened, (this.callsOn.get(opened) ?? 0) + 1);
    try {
      const result = (await opened.client.callTool({ name, arguments: args }, undefined, {
        signal: AbortSignal.any([options.signal, closed.signal]),
        timeout: options.timeoutMs,
      })) as CallToolResult;
      return { kind: 'result', result };
    } catch (error) {
      if (closed.signal.aborted && !options.signal.aborted) throw closed.signal.reason;
      if (error instanceof UnauthorizedError && this.signInUrl && this.opened === opened) {
        // Either the server no longer takes the sign-in (its renewal was refused: revoked, or expired
        // for good), and the SDK forgot the tokens; or it wants more than the person allowed (403
        // insufficient_scope), and the SDK built a sign-in URL asking for the larger scope. Only the
        // person can sign in again.
        const name = this.displayName;
        const revoked = this.options.authProvider?.tokens() === undefined;
        this.opened = undefined;
        this.tools = [];
        this.lastError = revoked
          ? `${name} no longer accepts your sign-in; sign in again.`
          : `${name} asks you to sign in again to allow this call.`;
        this.setStatus('error');
        void opened.close();
        throw new McpCallError(
          revoked
            ? `${name} no longer accepts the person's sign-in (it was revoked or has expired). ` +
                'Ask the person to sign in again from Settings (MCP servers), then ask again.'
            : `${name} needs more access for this call. Sign in again from Settings (MCP servers), ` +
                'then ask again.',
          { cause: error },
        );
      }
      const refused = networkFailureReason(error) === 'the connection was refused';
      if (isUpstreamUnreachable(error) || isClosedConnection(error) || refused) {
        // Behind a bridge, the server itself is down (the bridge said so, perhaps mid-call); or the
        // link closed or was refused. Either way the tools are gone until it is back: reconnect on our
        // own. Only a refused request surely never ran: it goes again once connected.
        this.lose(opened, withoutMcpErrorCode(errorMessage(error)));
        if (refused) return { kind: 'resend', error: asError(error) };
        throw error;
      }
      if (isSessionLost(error)) {
        // The server had forgotten the session, so it rejected the request without running it.
        if (this.opened === opened) void this.reinitialise(opened);
        return {
          kind: 'resend',
          error: new McpSessionLostError(
            `MCP server "${this.config.id}" had lost the session; it was re-initialised, but the ` +
              'call could not be sent again. Call the tool again if it is still needed.',
          ),
        };
      }
      throw error;
    } finally {
      this.inFlight.delete(closed);
      this.settleCallOn(opened);
    }
  }

  /** One call on `opened` settled; a client already replaced is closed once its last call has. */
  private settleCallOn(opened: OpenedClient): void {
    const left = (this.callsOn.get(opened) ?? 1) - 1;
    if (left > 0) {
      this.callsOn.set(opened, left);
      return;
    }
    this.callsOn.delete(opened);
    if (this.opened !== opened && this.retired.delete(opened)) void opened.close();
  }

  /**
   * The tool list changed: listed again; or, on the session kept while a bridge waited for the person's
   * sign-in, the sign-in is done and the connection is opened again (no Reconnect needed).
   */
  private toolsChanged(generation: number): void {
    if (this.awaitingSignIn && generation === this.generation && !this.connecting) {
      void this.connect();
      return;
    }
    void this.refreshTools();
  }

  /** Keeps `opened` (a bridge's session) open to hear that the person signed in. */
  private awaitSignIn(opened: OpenedClient): void {
    if (this.awaitingSignIn !== opened) void this.awaitingSignIn?.close();
    this.awaitingSignIn = opened;
  }

  private stopAwaitingSignIn(): void {
    const waiting = this.awaitingSignIn;
    this.awaitingSignIn = undefined;
    void waiting?.close();
  }

  /** Lists the server's tools again (after a listChanged notification). */
  async refreshTools(): Promise<void> {
    const opened = this.opened;
    if (!opened) return;
    try {
      this.tools = await listAllTools(opened);
      this.options.onTools(this.tools);
    } catch (error) {
      this.lastError = `Could not refresh the tool list: ${errorMessage(error)}`;
    }
  }

  private async reinitialise(stale: OpenedClient): Promise<void> {
    if (this.opened !== stale) return;
    this.opened = undefined;
    // Closing now would fail the calls still on it with "connection closed", though the server
    // rejects them too (same lost session) and they could be sent again.
    if ((this.callsOn.get(stale) ?? 0) > 0) this.retired.add(stale);
    else await stale.close();
    await this.connect();
  }

  /** Why a call cannot run now, in one sentence (see `unavailableSentence`). */
  unavailableReason(): string {
    return unavailableSentence(this.displayName, {
      status: this.status,
      signingInAtBridge: this.awaitingSignIn !== undefined,
      lastError: this.lastError,
      signInUrl: this.signInUrl,
    });
  }

  /**
   * The server went away under a live connection: calls in flight fail now with `reason`, and the
   * connection reconnects on its own, with backoff (status `reconnecting`, then `connected` or `error`).
   */
  private lose(opened: OpenedClient, reason: string): void {
    if (this.opened !== opened) return;
    const why = reason.charAt(0).toLowerCase() + reason.slice(1).replace(/\.$/, '');
    const callError = new McpConnectionClosedError(notReachableSentence(this.displayName, why));
    for (const call of this.inFlight) call.abort(callError);
    this.opened = undefined;
    this.tools = [];
    this.lastError = `${why.charAt(0).toUpperCase()}${why.slice(1)}.`;
    void opened.close();
    this.attempted = true;
    this.connecting = this.track(this.connectWithRetry(this.options.reconnect, 'reconnecting'));
  }

  private async connectWithRetry(
    policy: RetryPolicy,
    phase: 'connecting' | 'reconnecting',
  ): Promise<void> {
    const generation = ++this.generation;
    const { attempts } = policy;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      this.setStatus(phase);
      let opened: OpenedClient | undefined;
      try {
        opened = await openClient(this.config, {
          ...(this.options.fetch ? { fetch: this.options.fetch } : {}),
          ...(this.options.authProvider ? { authProvider: this.options.authProvider } : {}),
          ...(this.options.embedded ? { embedded: this.options.embedded } : {}),
          onToolsChanged: () => this.toolsChanged(generation),
          ...(this.options.onElicitation
            ? {
                onElicitation: gateServerForms(this.options.onElicitation, {
                  serverId: this.config.id,
                  host: () => this.host,
                  callRunning: () => this.inFlight.size > 0,
                  onRefused: this.options.onElicitationRefused,
                  formSecrets: this.formSecrets,
                }),
              }
            : {}),
        });
        const tools = await listAllTools(opened);
        if (generation !== this.generation) {
          await opened.close();
          return;
        }
        this.opened = opened;
        const info = opened.client.getServerVersion();
        this.serverTitle = info?.title?.trim() || info?.name?.trim() || undefined;
        this.tools = tools;
        this.lastError = undefined;
        this.bridgeCommand = undefined;
        this.signInUrl = undefined;
        this.stopAwaitingSignIn();
        const live = opened;
        opened.client.onclose = () => {
          if (this.opened === live) this.lose(live, 'the server closed the connection');
        };
        opened.client.onerror = (error) => {
          if (this.opened === live && isConnectionLoss(error)) void this.checkAlive(live);
        };
        this.setStatus('connected');
        this.options.onTools(tools);
        return;
      } catch (error) {
        const signInAtBridge = isWaitingForSignIn(error) && generation === this.generation;
        if (opened && signInAtBridge) this.awaitSignIn(opened);
        else await opened?.close();
        if (generation !== this.generation) return;
        if (signInAtBridge) {
          // Only the person can go on, at the URL the bridge printed; trying again before they have
          // would only repeat the sentence. The bridge says when they have (see awaitSignIn).
          this.lastError = withoutMcpErrorCode(errorMessage(error));
          this.bridgeCommand = undefined;
          break;
        }
        if (error instanceof UnauthorizedError && this.signInUrl) {
          // The SDK found the server's authorization server, registered this app and built the
          // sign-in URL; only the person can go on from here.
          this.lastError = `${this.config.name ?? this.config.id} asks you to sign in before it lists its tools.`;
          this.bridgeCommand = undefined;
          break;
        }
        const failure = await connectFailure(error, this.config, this.options);
        if (generation !== this.generation) return;
        this.lastError = failure.message;
        this.bridgeCommand = failure.bridgeCommand;
        // A refused token or a wrong path will not fix itself: report it now instead of after backoff.
        if (attempt === attempts || !failure.retryable) break;
        await this.schedule.wait(backoffDelay(policy, attempt));
        if (generation !== this.generation) return;
      }
    }
    this.setStatus('error');
  }

  /**
   * After a stream broke: a server that still answers a ping keeps its calls; one that does not has
   * closed the connection, so its calls fail now instead of waiting out their timeout.
   */
  private async checkAlive(opened: OpenedClient): Promise<void> {
    if (this.checking === opened) return;
    this.checking = opened;
    try {
      await opened.client.ping({ timeout: 3000 });
    } catch (error) {
      this.lose(opened, closedConnectionReason(error));
    } finally {
      if (this.checking === opened) this.checking = undefined;
    }
  }

  private setStatus(status: McpServerStatus): void {
    this.status = status;
    this.options.onStatus({
      serverId: this.config.id,
      status,
      ...(this.lastError && status !== 'connected' ? { error: this.lastError } : {}),
    });
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(errorMessage(error));
}
