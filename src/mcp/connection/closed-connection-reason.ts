// Why a live connection's server stopped answering, as the words after "not reachable right now: ".
import { errorMessage } from '../../errors/error-message';
import { httpStatusOf } from './mcp-transport';
import { isNetworkFailure, networkFailureReason, withoutMcpErrorCode } from './network-failure';

/** The reason for `error`, thrown by a ping after the connection's stream broke. */
export function closedConnectionReason(error: unknown): string {
  if (httpStatusOf(error) === 404) return 'the server restarted and forgot the session';
  // A browser says only "Failed to fetch", which adds nothing to "closed the connection".
  const detail =
    networkFailureReason(error) ??
    (isNetworkFailure(error) ? undefined : withoutMcpErrorCode(errorMessage(error)));
  return `the server closed the connection${detail ? ` (${detail})` : ''}`;
}
