// Turns a failed MCP connection into a message that names the server and says what to check.
import { errorMessage } from '../../errors/error-message';
import { bridgeCommand, DEFAULT_BRIDGE_URL, type BridgeCommand } from '../config/bridge-command';
import { httpStatusOf } from './mcp-transport';
import { isNetworkFailure, networkFailureReason, withoutMcpErrorCode } from './network-failure';
import { isUpstreamUnreachable, isWaitingForSignIn } from './upstream-unreachable';
import type { Reachability } from './probe-reachable';

/** A failed connection, described for the person, and whether trying again could help. */
export interface ConnectFailure {
  message: string;
  retryable: boolean;
  /**
   * When the browser got no answer at all (a server without CORS headers looks exactly like one that is
   * down), the command that bridges it to a loopback address the page can reach.
   */
  bridgeCommand?: BridgeCommand;
}

/**
 * Describes why connecting to the MCP server at `url` (sent `headers`) failed. `reachability` is what a
 * probe found when the page got no answer (probe-reachable.ts): without it, a server that is down and
 * one that refuses other origins cannot be told apart in a browser, and both are named.
 */
export function describeConnectError(
  error: unknown,
  url: string | undefined,
  headers: Record<string, string> = {},
  reachability?: Reachability,
): ConnectFailure {
  const where = url ?? 'the server';
  if (isWaitingForSignIn(error)) {
    // The bridge's own sentence says whom to sign in to and where the URL is; once the person has, the
    // next attempt connects.
    return { message: withoutMcpErrorCode(errorMessage(error)), retryable: true };
  }
  if (isUpstreamUnreachable(error)) {
    return {
      message:
        `The bridge at ${where} answers, but the server behind it does not: ` +
        `${lowerFirst(withoutMcpErrorCode(errorMessage(error)))} ` +
        'Start that server; the bridge reaches it again by itself.',
      retryable: true,
    };
  }
  const status = httpStatusOf(error) ?? statusInMessage(errorMessage(error));
  if (status === 401 || status === 403) {
    return {
      message:
        `${where} refused the credentials (HTTP ${status}). ` +
        'Check the bearer token or headers set for this server in Settings.',
      retryable: false,
    };
  }
  if (isNetworkFailure(error)) {
    const command = url ? bridgeCommand(url, headers) : undefined;
    const reason = networkFailureReason(error);
    if (reason || reachability === 'silent') {
      return {
        message:
          `Cannot reach ${where}: ${reason ?? 'nothing answers there'}, so the server is down or ` +
          'the address is wrong. Check that it is running, and its URL and port.',
        retryable: true,
      };
    }
    if (reachability === 'blocked-by-policy') {
      return {
        message:
          `This page's Content-Security-Policy does not allow connecting to ${where}. ` +
          'The publisher can add its origin to security.connectSrc in app-config.json; or ' +
          `\`npm run mcp-bridge\` serves it to this page at ${DEFAULT_BRIDGE_URL}.`,
        retryable: false,
        ...(command ? { bridgeCommand: command } : {}),
      };
    }
    if (reachability === 'answers') {
      return {
        message:
          `${where} answers, but not to pages from other origins (it sends no CORS headers), as most ` +
          "servers built for desktop clients don't. " +
          `\`npm run mcp-bridge\` serves it to this page at ${DEFAULT_BRIDGE_URL}.`,
        retryable: false,
        ...(command ? { bridgeCommand: command } : {}),
      };
    }
    return {
      message:
        `Cannot reach ${where} from this browser (${errorMessage(error)}). ` +
        'Check the URL and that the server is running. If it is, it probably does not allow pages ' +
        "from other origins (CORS), as most servers built for desktop clients don't; " +
        `\`npm run mcp-bridge\` serves such a server to this page at ${DEFAULT_BRIDGE_URL}.`,
      retryable: true,
      ...(command ? { bridgeCommand: command } : {}),
    };
  }
  if (status === 404 || status === 405) {
    return {
      message:
        `${where} answered HTTP ${status}: no MCP endpoint there. ` +
        'Check the URL path (often /mcp) and the transport (Streamable HTTP or SSE).',
      retryable: false,
    };
  }
  return {
    message: `Could not connect to ${where}: ${withoutMcpErrorCode(errorMessage(error))}`,
    retryable: true,
  };
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

function statusInMessage(message: string): number | undefined {
  const match = /\bHTTP (\d{3})\b|\(HTTP (\d{3})\)|status(?: code)? (\d{3})\b/i.exec(message);
  const digits = match?.[1] ?? match?.[2] ?? match?.[3];
  return digits ? Number(digits) : undefined;
}
