// The bridge's side of an OAuth sign-in to the server it bridges: the SDK does discovery, dynamic client
// registration, PKCE, the code exchange and refreshes; this provider keeps what they need. The
// registered client, the tokens and where discovery found the authorization server live in memory, and
// in the file the person names with --token-file (written whole through a new file only this process
// created, mode 0600, bound to the server's URL),
// so a restarted bridge reuses them without a new sign-in. Nobody is sent anywhere: the authorization
// URL is handed to `onAuthorizationUrl` (printed), and the sign-in under way (state, PKCE verifier)
// lives in this process only, for SIGN_IN_TIME_LIMIT_MS.
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { SIGN_IN_TIME_LIMIT_MS } from '../sign-in/browser-oauth-provider';
import { publicClientMetadata } from '../sign-in/public-client-metadata';
import type {
  OAuthClientProvider,
  OAuthDiscoveryState,
} from '@modelcontextprotocol/sdk/client/auth.js';
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from '@modelcontextprotocol/sdk/shared/auth.js';

/** What is kept for the bridged server, in memory and in the token file. */
interface KeptSignIn {
  serverUrl: string;
  client?: OAuthClientInformationMixed;
  tokens?: OAuthTokens;
  discovery?: OAuthDiscoveryState;
}

/** The sign-in this bridge printed a URL for and waits for. */
interface PendingSignIn {
  /** Empty once a redirect used it. */
  state: string;
  url: URL;
  startedAt: number;
}

/** Where the provider keeps its state and how it shows the authorization URL. */
export interface BridgeOAuthOptions {
  /** The bridged server's URL: what is kept is bound to it. */
  serverUrl: string;
  /** The loopback address the authorization server sends the person back to. */
  redirectUrl: string;
  /** A file to keep the sign-in in across restarts (mode 0600); in memory only when absent. */
  tokenFile?: string;
  /** Shows the authorization URL to the person (the bridge prints it). */
  onAuthorizationUrl(url: URL): void;
  /** The clock (tests); `Date.now` by default. */
  now?: () => number;
}

/** The SDK's OAuth client provider for the bridge. */
export class BridgeOAuthProvider implements OAuthClientProvider {
  private kept: KeptSignIn;
  private pending: PendingSignIn | undefined;
  /** The PKCE verifier of the sign-in under way, for its code exchange. */
  private verifier: string | undefined;

  constructor(private readonly options: BridgeOAuthOptions) {
    this.kept = this.readFile() ?? { serverUrl: options.serverUrl };
  }

  get redirectUrl(): string {
    return this.options.redirectUrl;
  }

  get clientMetadata(): OAuthClientMetadata {
    return publicClientMetadata('Mapwright bridge', this.redirectUrl);
  }

  /** The authorization URL printed for the sign-in under way, if one is under way and not too old. */
  waitingFor(): URL | undefined {
    const pending = this.pending;
    if (pending && this.now() - pending.startedAt > SIGN_IN_TIME_LIMIT_MS) this.endSignIn();
    return this.pending?.url;
  }

  /**
   * True when `state` is the one the printed URL carries. A match uses it up, so the same callback a
   * second time matches nothing; the verifier stays for the code exchange.
   */
  takeState(state: string): boolean {
    const pending = this.waitingFor() ? this.pending : undefined;
    if (!state || !pending || pending.state !== state) return false;
    pending.state = '';
    return true;
  }

  /** Forgets the sign-in under way (after it finished, failed or was refused). */
  endSignIn(): void {
    this.pending = undefined;
    this.verifier = undefined;
  }

  state(): string {
    return randomBytes(16).toString('hex');
  }

  clientInformation(): OAuthClientInformationMixed | undefined {
    const client = this.kept.client;
    // A client registered with another redirect (an earlier bridge on another port) cannot finish a
    // sign-in here: registering again costs nothing, a refused redirect costs the person a sign-in.
    const redirects = (client as { redirect_uris?: unknown } | undefined)?.redirect_uris;
    if (Array.isArray(redirects) && !redirects.includes(this.redirectUrl)) return undefined;
    return client;
  }

  saveClientInformation(client: OAuthClientInformationMixed): void {
    this.write({ client });
  }

  tokens(): OAuthTokens | undefined {
    return this.kept.tokens;
  }

  saveTokens(tokens: OAuthTokens): void {
    this.write({ tokens });
  }

  redirectToAuthorization(authorizationUrl: URL): void {
    const state = authorizationUrl.searchParams.get('state') ?? '';
    this.pending = { state, url: authorizationUrl, startedAt: this.now() };
    this.options.onAuthorizationUrl(authorizationUrl);
  }

  saveCodeVerifier(verifier: string): void {
    this.verifier = verifier;
  }

  codeVerifier(): string {
    if (!this.verifier) throw new Error('No sign-in is under way in this bridge.');
    return this.verifier;
  }

  discoveryState(): OAuthDiscoveryState | undefined {
    return this.kept.discovery;
  }

  saveDiscoveryState(discovery: OAuthDiscoveryState): void {
    this.write({ discovery });
  }

  invalidateCredentials(scope: 'all' | 'client' | 'tokens' | 'verifier' | 'discovery'): void {
    if (scope === 'verifier') return this.endSignIn();
    if (scope === 'all') {
      this.endSignIn();
      this.kept = { serverUrl: this.options.serverUrl };
      this.persist();
      return;
    }
    if (scope === 'client') this.write({ client: undefined });
    if (scope === 'tokens') this.write({ tokens: undefined });
    if (scope === 'discovery') this.write({ discovery: undefined });
  }

  private now(): number {
    return (this.options.now ?? Date.now)();
  }

  /** What the token file holds for this server; nothing for another server, a missing or bad file. */
  private readFile(): KeptSignIn | undefined {
    const file = this.options.tokenFile;
    if (!file) return undefined;
    try {
      const kept = JSON.parse(readFileSync(file, 'utf8')) as KeptSignIn;
      return kept.serverUrl === this.options.serverUrl ? kept : undefined;
    } catch {
      return undefined;
    }
  }

  private write(change: Partial<KeptSignIn>): void {
    const next: KeptSignIn = { ...this.kept, ...change, serverUrl: this.options.serverUrl };
    for (const field of Object.keys(next) as Array<keyof KeptSignIn>) {
      if (next[field] === undefined) delete next[field];
    }
    this.kept = next;
    this.persist();
  }

  /**
   * Writes the file whole, readable by its owner only: into a new file of a random name beside it,
   * created here and nowhere else (`wx`: a file or symlink planted under that name fails the write
   * instead of receiving the tokens), then renamed over the old one, which replaces a symlink at
   * `file` itself rather than writing through it.
   */
  private persist(): void {
    const file = this.options.tokenFile;
    if (!file) return;
    const partial = join(
      dirname(file),
      `.${basename(file)}.${randomBytes(12).toString('hex')}.tmp`,
    );
    try {
      writeFileSync(partial, JSON.stringify(this.kept, null, 2), { mode: 0o600, flag: 'wx' });
      renameSync(partial, file);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
  }
}
