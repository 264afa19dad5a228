// Turns a failed MCP tool call into one sentence for the model and the person: which server, what
// happened, what to do. Each kind of failure has its own sentence, and no raw code is repeated.
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../../errors/error-message';
import { httpStatusOf } from './mcp-transport';
import { isNetworkFailure, networkFailureReason, withoutMcpErrorCode } from './network-failure';
import { isUpstreamUnreachable, isWaitingForSignIn } from './upstream-unreachable';

/** A call failure whose message is already the sentence to show (the connection wrote it). */
export class McpCallError extends Error {
  override readonly name: string = 'McpCallError';
}

/**
 * The sentence for a server that cannot be reached now, with why when known; `gaveUp` once
 * the reconnection stopped trying and only the person's Reconnect will try again.
 */
export function notReachableSentence(server: string, why?: string, gaveUp = false): string {
  const reason = why && `${why.charAt(0).toLowerCase()}${why.slice(1)}`.replace(/\.$/, '');
  return (
    `${server} is not reachable right now${reason ? `: ${reason}` : ''}. ` +
    (gaveUp
      ? 'Ask the person to check that it is running, then press Reconnect in Settings (MCP servers).'
      : 'Mapwright is reconnecting to it; try again once Settings shows it connected.')
  );
}

/**
 * The sentence for a bridged server the person has yet to sign in to, from the bridge's own words: only
 * the person can sign in, at the URL the bridge printed, so the model should ask them to.
 */
export function signInAtBridgeSentence(server: string, bridgeWords: string): string {
  const words = bridgeWords.replace(/\.$/, '');
  return (
    `${server} cannot be used until the person signs in: ${words.charAt(0).toLowerCase()}` +
    `${words.slice(1)}. Mapwright connects to it again by itself once they have.`
  );
}

/** Describes why calling `tool` on the server named `server` failed. */
export function describeCallError(error: unknown, server: string, tool: string): string {
  if (error instanceof McpCallError) return error.message;
  const words = withoutMcpErrorCode(errorMessage(error)).replace(/\.$/, '');
  if (isWaitingForSignIn(error)) return signInAtBridgeSentence(server, words);
  if (isUpstreamUnreachable(error)) return notReachableSentence(server, words);
  if (httpStatusOf(error) === 401) {
    // The server refused the token, even one just renewed (the SDK's "401 after successful
    // authentication"), or asked for credentials this app was not given.
    return (
      `${server} refused the call to ${tool}: it does not accept the sign-in or token it was sent. ` +
      'Ask the person to sign in again from Settings (MCP servers), or to check the token in its ' +
      'headers, then ask again.'
    );
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.ConnectionClosed) {
      return `${server} closed the connection during the call to ${tool}; the call did not finish.`;
    }
    if (error.code === ErrorCode.RequestTimeout) {
      return `${server} did not answer the call to ${tool} in time.`;
    }
    return `${server} refused the call to ${tool}: ${words}.`;
  }
  if (isNetworkFailure(error)) return notReachableSentence(server, networkFailureReason(error));
  return `The call to ${tool} on ${server} failed: ${words}.`;
}
