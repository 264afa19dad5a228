// An MCP server's tool as the ToolRegistry's Tool: its display name as the spec orders them, its origin,
// the approval decided for it, and a call that goes back through the hub.
import type { ApprovalSetBy, Tool, ToolResult } from '../../tools/tool';
import type { ApprovalPolicy } from '../config/mcp-server-config';
import type { McpConnection } from '../connection/mcp-connection';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** The tool's display name, as the spec orders them: `title`, then `annotations.title`; blank is none. */
export function displayTitle(tool: McpTool): string | undefined {
  return [tool.title, tool.annotations?.title].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '',
  );
}

/** What the registered tool carries beside the server's description: its approval and its call. */
export interface RegistryToolParts {
  approval: ApprovalPolicy;
  approvalSetBy: ApprovalSetBy;
  call: (args: Record<string, unknown>, signal: AbortSignal) => Promise<ToolResult>;
}

/** The server's tool as the registry registers it. */
export function toRegistryTool(
  connection: McpConnection,
  tool: McpTool,
  parts: RegistryToolParts,
): Tool {
  const title = displayTitle(tool);
  return {
    name: tool.name,
    ...(title ? { title } : {}),
    description: tool.description ?? title ?? tool.name,
    inputSchema: tool.inputSchema as Tool['inputSchema'],
    origin: {
      kind: 'mcp',
      serverId: connection.config.id,
      originalName: tool.name,
      // The publisher's or person's name for the server, else the name it gives itself.
      ...(connection.config.name || connection.serverTitle
        ? { serverTitle: connection.config.name ?? connection.serverTitle }
        : {}),
    },
    approval: parts.approval,
    approvalSetBy: parts.approvalSetBy,
    // The server says the tool only reads and repeats without effect: the session may reuse an
    // answer to the same arguments (the registry forgets them when the server's tools or data change).
    ...(tool.annotations?.readOnlyHint === true && tool.annotations.idempotentHint === true
      ? { idempotent: true }
      : {}),
    ...(connection.config.toolTimeoutMs ? { timeoutMs: connection.config.toolTimeoutMs } : {}),
    execute: (args, context) => parts.call(args, context.signal),
  };
}
