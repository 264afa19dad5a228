// How a connection's failures are told apart: the server closed the connection while calls waited, or
// it forgot the session and rejected a request unrun (which may then be sent again).
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { errorMessage } from '../../errors/error-message';
import { McpCallError } from './describe-call-error';
import { httpStatusOf } from './mcp-transport';

/** Fails the calls in flight when the server closes the connection (it died, or the network went). */
export class McpConnectionClosedError extends McpCallError {
  override readonly name = 'McpConnectionClosedError';
}

/** Thrown by callTool when the server forgot the session; the call was not re-sent. */
export class McpSessionLostError extends McpCallError {
  override readonly name = 'McpSessionLostError';
}

/**
 * The server no longer knows the session, so it rejected the request unrun: 404 as the spec says, or
 * the 400 "No valid session ID provided" some servers (the reference server-everything) answer.
 */
export function isSessionLost(error: unknown): boolean {
  const status = httpStatusOf(error);
  return status === 404 || (status === 400 && /session/i.test(errorMessage(error)));
}

/** The SDK's own error for a connection that closed while a request waited. */
export function isClosedConnection(error: unknown): boolean {
  return error instanceof McpError && error.code === ErrorCode.ConnectionClosed;
}
