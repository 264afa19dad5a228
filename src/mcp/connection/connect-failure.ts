// What a failed connection attempt was, as one sentence and whether trying again can help: the SDK's
// error read with what else is known (an authorization the SDK began, whether the server answers at all).
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { errorMessage } from '../../errors/error-message';
import { describeConnectError, type ConnectFailure } from './describe-connect-error';
import { isNetworkFailure, networkFailureReason } from './network-failure';
import { probeReachable } from './probe-reachable';
import type { HubServerConfig } from '../config/mcp-server-config';
import type { BrowserOAuthProvider } from '../sign-in/browser-oauth-provider';

/** Describes `error`, thrown while connecting to `config`'s server. */
export async function connectFailure(
  error: unknown,
  config: HubServerConfig,
  options: { authProvider?: BrowserOAuthProvider | undefined; fetch?: typeof fetch | undefined },
): Promise<ConnectFailure> {
  // A 401 from a server with no sign-in this app can use (no OAuth metadata): the SDK's attempt to
  // find one fails with its own error, which would read as a wrong URL. Say what it is.
  const askedForCredentials =
    options.authProvider?.takeAttempt() === true && !(error instanceof UnauthorizedError);
  // A browser words a server that is down and one without CORS headers alike: probe to tell.
  const reachability =
    config.url && isNetworkFailure(error) && !networkFailureReason(error)
      ? await probeReachable(config.url, options.fetch)
      : undefined;
  return describeConnectError(
    askedForCredentials ? Object.assign(new Error(errorMessage(error)), { code: 401 }) : error,
    config.url,
    config.headers,
    reachability,
  );
}
