// `npm run mcp-bridge -- --oauth`: the bridge signs in to the server it bridges as a person's OAuth
// client. It listens on a loopback port for the authorization server's redirect, prints the
// authorization URL for the person to open (it never opens a browser itself), checks the state it sent
// (on an error redirect too: without it, any page could cancel the sign-in and print into the terminal),
// and exchanges the code through the SDK. Until the person has signed in, `waitingSentence` says so, and
// the bridge answers the page with it instead of keeping its calls waiting.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { auth } from '@modelcontextprotocol/sdk/client/auth.js';
import { errorMessage } from '../../errors/error-message';
import { BridgeOAuthProvider } from './bridge-oauth-provider';
import { oneForeignLine } from './redact-printed';
import type { AddressInfo } from 'node:net';

/** The path of the redirect the bridge listens for. */
const CALLBACK_PATH = '/callback';

/** How the bridge signs in. */
export interface BridgeSignInOptions {
  /** The bridged server's URL. */
  serverUrl: string;
  /** How the server is named in messages (its URL without a secret query). */
  name: string;
  /** The 127.0.0.1 port of the redirect; 0 (the default) picks a free one. */
  port?: number;
  /** Keeps the sign-in in this file (mode 0600) so a restart needs none. */
  tokenFile?: string;
  /** Lines for the person: the URL to open, signed in, a refused callback. */
  onLog(message: string): void;
  /** The person signed in: the server can be reached now. */
  onSignedIn?: () => void;
}

/** A sign-in to the bridged server, with the loopback listener its redirect comes back to. */
export class BridgeSignIn {
  private constructor(
    private readonly options: BridgeSignInOptions,
    private readonly server: Server,
    /** What the SDK's transports are given as `authProvider`. */
    readonly provider: BridgeOAuthProvider,
  ) {}

  /** Listens for the redirect on 127.0.0.1; throws a sentence when the port is taken. */
  static async start(options: BridgeSignInOptions): Promise<BridgeSignIn> {
    const server = createServer();
    const port = options.port ?? 0;
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: { code?: unknown }) => {
        reject(
          new Error(
            error.code === 'EADDRINUSE'
              ? `Port ${port} on 127.0.0.1, for the sign-in redirect, is already in use. ` +
                  'Choose another with --oauth-port, or leave it out for a free one.'
              : `Could not listen for the sign-in redirect on 127.0.0.1:${port}: ${errorMessage(error)}`,
            { cause: error },
          ),
        );
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const listening = (server.address() as AddressInfo).port;
    const provider = new BridgeOAuthProvider({
      serverUrl: options.serverUrl,
      redirectUrl: `http://127.0.0.1:${listening}${CALLBACK_PATH}`,
      ...(options.tokenFile ? { tokenFile: options.tokenFile } : {}),
      onAuthorizationUrl: (url) =>
        options.onLog(
          `${options.name} asks you to sign in. Open this URL in a browser (it comes back to ` +
            `127.0.0.1:${listening}):\n  ${url.href}`,
        ),
    });
    const signIn = new BridgeSignIn(options, server, provider);
    server.on('request', (request: IncomingMessage, response: ServerResponse) => {
      void signIn.answer(request, response);
    });
    return signIn;
  }

  /** While a sign-in is under way: the sentence the page's calls are answered with. */
  waitingSentence(): string | undefined {
    if (!this.provider.waitingFor()) return undefined;
    return (
      `The bridge is waiting for you to sign in to ${this.options.name}: open the URL it printed ` +
      '(in the terminal where it runs), then try again.'
    );
  }

  /** Stops listening for redirects. */
  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const reply = (status: number, text: string) => {
      response.writeHead(status, {
        'content-type': 'text/plain; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(`${text}\n`);
    };
    if (request.method !== 'GET' || url.pathname !== CALLBACK_PATH) {
      return reply(404, 'This address only takes the sign-in redirect of the Mapwright bridge.');
    }
    const name = this.options.name;
    // Any page the person visits can send their browser here: only a redirect that carries the state
    // of the URL the bridge printed, an error's too, is read. Anything else ends no sign-in and prints
    // nothing.
    if (!this.provider.takeState(url.searchParams.get('state') ?? '')) {
      return reply(
        400,
        'This is not the sign-in the bridge is waiting for (it was used already, is too old, or ' +
          'came from another bridge). Open the latest URL the bridge printed.',
      );
    }
    const error = url.searchParams.get('error');
    if (error !== null) {
      this.provider.endSignIn();
      // The authorization server's words, shown as text: no escape sequence, no line of their own.
      const description = url.searchParams.get('error_description');
      const why = oneForeignLine(`${error}${description ? `: ${description}` : ''}`);
      this.options.onLog(`Sign-in to ${name} was refused (${why}).`);
      return reply(
        400,
        `Sign-in to ${name} was refused (${why}). The bridge prints a new URL on the next call.`,
      );
    }
    try {
      const result = await auth(this.provider, {
        serverUrl: this.options.serverUrl,
        authorizationCode: url.searchParams.get('code') ?? '',
      });
      if (result !== 'AUTHORIZED') throw new Error('the authorization server asked to start again');
    } catch (failure) {
      this.provider.endSignIn();
      const why = oneForeignLine(errorMessage(failure));
      this.options.onLog(`Sign-in to ${name} failed: ${why}`);
      return reply(
        502,
        `Sign-in to ${name} failed: ${why}. The bridge prints a new URL on the next call.`,
      );
    }
    this.provider.endSignIn();
    this.options.onLog(`Signed in to ${name}.`);
    reply(200, `Signed in to ${name}. You can close this tab and go back to Mapwright.`);
    this.options.onSignedIn?.();
  }
}
