// OAuth sign-in per server, in the page: which servers may ask the person to sign in, finishing a
// sign-in from the callback page, keeping or forgetting it, and what the settings show about it.
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { errorMessage } from '../errors/error-message';
import {
  BrowserOAuthProvider,
  type BrowserOAuthOptions,
  type OAuthCallbackMessage,
} from './sign-in/browser-oauth-provider';
import type { HubServerConfig, McpServerState, McpStatusEvent } from './config/mcp-server-config';
import type { McpConnection } from './connection/mcp-connection';

/** What the sign-ins need from the hub. */
export interface HubSignInsOptions {
  /** In the page: sign in to servers that ask for OAuth (omitted in Node, where nobody can click). */
  oauth?: Pick<BrowserOAuthOptions, 'baseUrl' | 'sessionStorage' | 'localStorage' | 'now'>;
  fetch?: typeof fetch;
  /** The hub's connection of a server, if it is configured. */
  connectionOf: (serverId: string) => McpConnection | undefined;
  /** Tells the hub's status listeners. */
  emit: (event: McpStatusEvent) => void;
}

/** The OAuth provider of each server that may ask the person to sign in, by server id. */
export class HubSignIns {
  private readonly providers = new Map<string, BrowserOAuthProvider>();

  constructor(private readonly options: HubSignInsOptions) {}

  /**
   * The provider for a server being added, or none: a server given an Authorization header uses that,
   * an embedded one needs none, and without `oauth` nobody can sign in. Replaces the server's previous one.
   */
  providerFor(
    config: HubServerConfig,
    embedded: boolean,
    onAuthorizationNeeded: (url: URL) => void,
  ): BrowserOAuthProvider | undefined {
    const oauth = this.options.oauth;
    const hasAuthorization = Object.keys(config.headers ?? {}).some(
      (header) => header.toLowerCase() === 'authorization',
    );
    const provider =
      oauth && config.url && !embedded && !hasAuthorization
        ? new BrowserOAuthProvider({
            ...oauth,
            serverId: config.id,
            serverUrl: new URL(config.url, oauth.baseUrl).href,
            ...(config.oauthClient ? { preRegistered: config.oauthClient } : {}),
            ...(config.oauthClientMetadataUrl
              ? { clientMetadataUrl: config.oauthClientMetadataUrl }
              : {}),
            onAuthorizationNeeded,
          })
        : undefined;
    if (provider) this.providers.set(config.id, provider);
    else this.providers.delete(config.id);
    return provider;
  }

  /** `McpHub.completeSignIn`: the callback's code exchanged for tokens, and the server connected again. */
  async complete(callback: OAuthCallbackMessage): Promise<string | undefined> {
    const state = callback.state;
    const match = [...this.providers].find(
      ([, provider]) => state !== undefined && provider.takeState(state),
    );
    if (!match) return undefined;
    const [serverId, provider] = match;
    const connection = this.options.connectionOf(serverId);
    if (!connection?.config.url || callback.error || !callback.code) provider.endSignIn();
    if (!connection?.config.url) return undefined;
    if (callback.error || !callback.code) {
      connection.lastError =
        `Signing in to ${connection.config.name ?? serverId} did not finish: ` +
        `${callback.errorDescription ?? callback.error ?? 'no authorization code came back'}.`;
      this.options.emit({ serverId, status: connection.status, error: connection.lastError });
      return serverId;
    }
    try {
      await auth(provider, {
        serverUrl: new URL(connection.config.url, this.options.oauth?.baseUrl),
        authorizationCode: callback.code,
        ...(this.options.fetch ? { fetchFn: this.options.fetch } : {}),
      });
    } catch (error) {
      provider.endSignIn();
      connection.lastError = `Signing in to ${connection.config.name ?? serverId} failed: ${errorMessage(
        error,
      )}`;
      this.options.emit({ serverId, status: 'error', error: connection.lastError });
      return serverId;
    }
    await connection.disconnect();
    await connection.connect();
    return serverId;
  }

  /** Keeps a server's sign-in on this device (true) or for this tab only (false, the default). */
  remember(serverId: string, remember: boolean): void {
    this.providers.get(serverId)?.setRemembered(remember);
    this.options.emit({
      serverId,
      status: this.options.connectionOf(serverId)?.status ?? 'disconnected',
    });
  }

  /** Forgets a server's tokens and registration, and connects again (which asks to sign in). */
  async signOut(serverId: string): Promise<void> {
    this.providers.get(serverId)?.forget();
    const connection = this.options.connectionOf(serverId);
    await connection?.disconnect();
    await connection?.connect();
  }

  /** The access and refresh tokens a server's sign-in holds, if any. */
  tokensOf(serverId: string): string[] {
    const signedIn = this.providers.get(serverId)?.tokens();
    return [signedIn?.access_token, signedIn?.refresh_token].filter(
      (token): token is string => typeof token === 'string' && token !== '',
    );
  }

  /** What the settings show about signing in: the URL while it is needed, and whether tokens are kept. */
  stateOf(connection: McpConnection): Pick<McpServerState, 'signIn'> {
    const provider = this.providers.get(connection.config.id);
    if (!provider) return {};
    const signedIn = provider.tokens() !== undefined;
    const url = connection.status === 'error' ? connection.signInUrl?.href : undefined;
    if (!signedIn && !url) return {};
    return { signIn: { signedIn, remembered: provider.remembered, ...(url ? { url } : {}) } };
  }
}
