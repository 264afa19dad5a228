// Turns a failed MCP connection into a message that names the server and says what to check.
import { errorMessage } from '../tools/run-with-limits';
import { bridgeCommand, DEFAULT_BRIDGE_URL, type BridgeCommand } from './bridge-command';
import { httpStatusOf } from './mcp-transport';

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

/** True for the errors fetch throws when no response arrived (refused, DNS, CORS, offline). */
function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true;
  return /failed to fetch|fetch failed|networkerror|load failed|econnrefused|enotfound/i.test(
    errorMessage(error),
  );
}

/** Describes why connecting to the MCP server at `url` (sent `headers`) failed. */
export function describeConnectError(
  error: unknown,
  url: string | undefined,
  headers: Record<string, string> = {},
): ConnectFailure {
  const where = url ?? 'the server';
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
  return { message: `Could not connect to ${where}: ${errorMessage(error)}`, retryable: true };
}

function statusInMessage(message: string): number | undefined {
  const match = /\bHTTP (\d{3})\b|\(HTTP (\d{3})\)|status(?: code)? (\d{3})\b/i.exec(message);
  const digits = match?.[1] ?? match?.[2] ?? match?.[3];
  return digits ? Number(digits) : undefined;
}
