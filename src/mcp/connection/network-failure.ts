// How a failed request reads when no answer came: fetch's own errors, the socket's codes under them, and
// the SDK's words for a stream or socket that went away. Shared by the page and the bridge.
import { errorMessage } from '../../errors/error-message';

/** Node's socket error codes (under fetch's "fetch failed"), in words a person reads. */
const socketReasons: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ECONNRESET: 'the connection was reset',
  ENOTFOUND: 'the host name was not found',
  EAI_AGAIN: 'the host name could not be looked up',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  ETIMEDOUT: 'the connection timed out',
  UND_ERR_SOCKET: 'the connection was closed',
};

/** The socket code under an error, looking through `cause` (Node's fetch wraps it once or twice). */
function socketCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && code in socketReasons) return code;
    current = (current as { cause?: unknown }).cause;
  }
  const named =
    /\b(ECONNREFUSED|ECONNRESET|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT)\b/.exec(
      errorMessage(error),
    );
  return named?.[1];
}

/** True for the errors fetch throws when no response arrived (refused, DNS, CORS, offline). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return (
    socketCode(error) !== undefined ||
    /failed to fetch|fetch failed|networkerror|load failed/i.test(errorMessage(error))
  );
}

/** Why no answer came, when the error says ("the connection was refused"); a browser never says. */
export function networkFailureReason(error: unknown): string | undefined {
  const code = socketCode(error);
  return code === undefined ? undefined : socketReasons[code];
}

/**
 * Transport errors that mean the stream or the socket went away (the SDK words them this way), as
 * opposed to protocol errors of one request.
 */
export function isConnectionLoss(error: unknown): boolean {
  return (
    socketCode(error) !== undefined ||
    /disconnected|terminated|fetch failed|failed to fetch|socket|network|reconnect|SSE error/i.test(
      errorMessage(error),
    )
  );
}

/**
 * An MCP error's own words: the SDK writes `MCP error -32000: ` before the message, and again each time
 * the error crosses a bridge, so the prefix is dropped wherever it appears.
 */
export function withoutMcpErrorCode(message: string): string {
  return message.replace(/(?:MCP error -?\d+: )+/g, '').trim();
}
