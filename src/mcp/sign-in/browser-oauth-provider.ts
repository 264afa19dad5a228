// Signing in to an MCP server that asks for OAuth, from the page: the SDK does discovery, dynamic client
// registration (or, where the publisher hosts a client ID metadata document and the authorization server
// takes one, offers that document's URL as the client id), PKCE and the token exchange; this provider
// keeps what it needs between those steps and never sends the person anywhere on its own: it hands the
// authorization URL to the app, which opens it in a popup when the person clicks "Sign in". What it
// keeps (the registered client, the tokens) is bound to the server's URL and lives in sessionStorage, or
// in localStorage when the person chose to stay signed in, like an API key. The sign-in under way (its
// state and PKCE verifier) lives in this page only: a callback is accepted once, by the tab that
// started the sign-in, within SIGN_IN_TIME_LIMIT_MS.
import { publicClientMetadata } from './public-client-metadata';
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** The page the authorization server sends the person back to (built from oauth-callback.html). */
export const OAUTH_CALLBACK_PAGE = 'oauth-callback.html';

/** The message the callback page posts to the app with what the authorization server sent back. */
export interface OAuthCallbackMessage {
  type: 'mapwright-oauth-callback';
  code?: string;
  state?: string;
  error?: string;
  errorDescription?: string;
}

/** How long a sign-in may take from its authorization URL to the callback (10 minutes). */
export const SIGN_IN_TIME_LIMIT_MS = 10 * 60_000;

/** What is kept for one server, bound to its URL. */
interface KeptSignIn {
  serverUrl: string;
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  /**
   * Where the server's metadata and authorization server were found (the WWW-Authenticate header may
   * name a metadata URL no well-known path leads to), so the code exchange after the popup finds them.
   */
  discovery?: OAuthDiscoveryState;
}

/** Where a provider keeps its state, and how it tells the app that the person must sign in. */
export interface BrowserOAuthOptions {
  serverId: string;
  serverUrl: string;
  /** The page's address, to build the callback URL from. */
  baseUrl: string;
  /** The tab's storage (the default) and the device's (when the person stays signed in). */
  sessionStorage: Storage;
  localStorage: Storage;
  /** The authorization URL to open when the person clicks Sign in. */
  onAuthorizationNeeded(url: URL): void;
  /**
   * A client registered with the authorization server beforehand (for servers without dynamic
   * registration). In a page anyone can read it: give a public client's id, and a secret only for a
   * local or private deployment.
   */
  preRegistered?: { clientId: string; clientSecret?: string };
  /**
   * The https URL of a client ID metadata document the publisher hosts: the client id offered to an
   * authorization server that advertises `client_id_metadata_document_supported` (the SDK then skips
   * dynamic registration).
   */
  clientMetadataUrl?: string;
  /** The clock (tests); `Date.now` by default. */
  now?: () => number;
}

/** The sign-in this page started and waits for: its state, when it began, and its PKCE verifier. */
interface PendingSignIn {
  /** Absent once a callback used it. */
  state?: string;
  startedAt: number;
  verifier?: string;
}

const KEY_PREFIX = 'mapwright.mcpSignIn.';

/** The storage key of a server's sign-in. */
export function signInKey(serverId: string): string {
  return `${KEY_PREFIX}${serverId}`;
}

/** The SDK's OAuth client provider for one MCP server in the page. */
export class BrowserOAuthProvider implements OAuthClientProvider {
  /** Set when the SDK began an authorization (the server answered 401); read once with `takeAttempt`. */
  private attempted = false;
  /** In memory, so no other tab, and no reload of this one, can finish it. */
  private pending: PendingSignIn | undefined;

  constructor(private readonly options: BrowserOAuthOptions) {}

  /** True when an authorization began since the last call: the server asked for credentials. */
  takeAttempt(): boolean {
    const attempted = this.attempted;
    this.attempted = false;
    return attempted;
  }

  /** True when the sign-in is kept on this device (localStorage) rather than for this tab. */
  get remembered(): boolean {
    return this.options.localStorage.getItem(signInKey(this.options.serverId)) !== null;
  }

  /** Moves what is kept between this tab and this device. */
  setRemembered(remember: boolean): void {
    const key = signInKey(this.options.serverId);
    const kept = this.read();
    this.options.sessionStorage.removeItem(key);
    this.options.localStorage.removeItem(key);
    (remember ? this.options.localStorage : this.options.sessionStorage).setItem(
      key,
      JSON.stringify(kept),
    );
  }

  get redirectUrl(): string {
    return new URL(OAUTH_CALLBACK_PAGE, this.options.baseUrl).href;
  }

  get clientMetadataUrl(): string | undefined {
    return this.options.clientMetadataUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return publicClientMetadata('Mapwright', this.redirectUrl);
  }

  state(): string {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    const state = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
    // A new authorization request replaces any earlier one: only its callback can finish.
    this.pending = { state, startedAt: this.now() };
    return state;
  }

  /** The state of the sign-in this page waits for; none once it was used or is older than the limit. */
  expectedState(): string | undefined {
    const pending = this.pending;
    if (pending && this.now() - pending.startedAt > SIGN_IN_TIME_LIMIT_MS) this.endSignIn();
    return this.pending?.state;
  }

  /**
   * True when `state` is the one this page waits for, within the time limit. A match uses it up: the
   * same callback a second time matches nothing. The verifier stays for the code exchange, which ends
   * with `saveTokens` or, on any failure, `endSignIn`.
   */
  takeState(state: string): boolean {
    const pending = this.pending;
    if (!state || this.expectedState() !== state || !pending) return false;
    this.pending = {
      startedAt: pending.startedAt,
      ...(pending.verifier ? { verifier: pending.verifier } : {}),
    };
    return true;
  }

  /** Forgets the sign-in under way (its state and verifier): after an error, a cancel or a timeout. */
  endSignIn(): void {
    this.pending = undefined;
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const registered = this.options.preRegistered;
    if (registered) {
      return {
        client_id: registered.clientId,
        ...(registered.clientSecret ? { client_secret: registered.clientSecret } : {}),
      };
    }
    return this.read().client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.write({ client });
  }

  tokens(): OAuthTokens | undefined {
    return this.read().tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.write({ tokens });
    this.endSignIn();
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    this.options.onAuthorizationNeeded(authorizationUrl);
  }

  saveCodeVerifier(verifier: string): void {
    this.pending = { startedAt: this.now(), ...this.pending, verifier };
  }

  codeVerifier(): string {
    const verifier = this.pending?.verifier;
    if (!verifier) throw new Error('The sign-in was not started from this tab. Sign in again.');
    return verifier;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    // The SDK asks for this first thing in every authorization.
    this.attempted = true;
    return this.read().discovery;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.write({ discovery });
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'all') return this.forget();
    if (scope === 'client') this.write({ client: undefined });
    if (scope === 'tokens') this.write({ tokens: undefined });
    if (scope === 'verifier') this.endSignIn();
    if (scope === 'discovery') this.write({ discovery: undefined });
  }

  /** Signs out: forgets the tokens, the registered client and any sign-in under way. */
  forget(): void {
    this.endSignIn();
    const key = signInKey(this.options.serverId);
    this.options.sessionStorage.removeItem(key);
    this.options.localStorage.removeItem(key);
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  private storage(): Storage {
    return this.remembered ? this.options.localStorage : this.options.sessionStorage;
  }

  /** What is kept for this server; nothing when it was kept for another URL. */
  private read(): KeptSignIn {
    const raw = this.storage().getItem(signInKey(this.options.serverId));
    try {
      const kept = raw ? (JSON.parse(raw) as KeptSignIn) : undefined;
      if (kept?.serverUrl === this.options.serverUrl) return kept;
    } catch {
      // A damaged entry is the same as none: the person signs in again.
    }
    return { serverUrl: this.options.serverUrl };
  }

  private write(change: Partial<KeptSignIn>): void {
    const next: KeptSignIn = { ...this.read(), ...change, serverUrl: this.options.serverUrl };
    for (const field of Object.keys(next) as Array<keyof KeptSignIn>) {
      if (next[field] === undefined) delete next[field];
    }
    this.storage().setItem(signInKey(this.options.serverId), JSON.stringify(next));
  }
}
