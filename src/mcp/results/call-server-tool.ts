// One call of a server's tool as the hub makes it: failures, cancellations and lost sessions become
// error results, the status says why a call waits, and a table comes back masked, drawable and kept.
import { describeCallError } from '../connection/describe-call-error';
import { withResultId } from './drawable-result';
import { keepTableResult } from './keep-table-result';
import { toToolResult } from './mcp-result';
import type { ResultStore } from '../../tools/result-store';
import type { ToolResult } from '../../tools/tool';
import type { McpStatusEvent } from '../config/mcp-server-config';
import type { McpConnection } from '../connection/mcp-connection';

/**
 * What the hub passes the SDK as a request timeout: setTimeout's longest delay (about 24 days), so the
 * SDK's own default (60 s) never ends a call the registry still allows.
 */
const NO_REQUEST_TIMEOUT_MS = 2_147_483_647;

/** What a call needs beside the tool and its arguments. */
export interface ServerCallOptions {
  signal: AbortSignal;
  /** Receives a table's rows by result id; absent, a table keeps its rows, bounded. */
  resultStore?: ResultStore;
  /** Masks the server's tokens and the form credentials in the result, before its rows are kept. */
  mask: (result: ToolResult) => ToolResult;
  /** Tells the hub's status listeners. */
  emit: (event: McpStatusEvent) => void;
}

/** Calls a tool of `connection` (absent: the server is not configured); never rejects. */
export async function callServerTool(
  connection: McpConnection | undefined,
  serverId: string,
  toolName: string,
  args: Record<string, unknown>,
  options: ServerCallOptions,
): Promise<ToolResult> {
  if (!connection) {
    return { content: `No MCP server "${serverId}" is configured.`, isError: true };
  }
  try {
    const result = await connection.callTool(toolName, args, {
      signal: options.signal,
      timeoutMs: NO_REQUEST_TIMEOUT_MS,
      // The server's status says why the call has not started; the chat's status line reads
      // `callsWaiting` from the hub's state when it hears of the change.
      onWaiting: (waiting) =>
        options.emit({
          serverId,
          status: connection.status,
          ...(waiting
            ? {
                error: `Waiting for ${connection.displayName} to come back${
                  connection.lastError ? ` (${connection.lastError.replace(/\.$/, '')})` : ''
                }.`,
              }
            : connection.lastError && connection.status !== 'connected'
              ? { error: connection.lastError }
              : {}),
        }),
    });
    // Masked before its rows are stored for the map, the table and the chart.
    const converted = options.mask(toToolResult(result));
    const table = converted.data?.kind === 'table' ? converted.data : undefined;
    if (!table) return converted;
    // A stock server's table gets a result id here, so the map can draw it.
    const drawable = options.resultStore
      ? withResultId(converted, table)
      : { ...converted, data: table };
    return { ...drawable, data: keepTableResult(options.resultStore, serverId, drawable.data) };
  } catch (error) {
    if (options.signal.aborted) {
      return { content: `The call to ${toolName} was cancelled.`, isError: true };
    }
    return {
      content: describeCallError(error, connection.displayName, toolName),
      isError: true,
    };
  }
}
