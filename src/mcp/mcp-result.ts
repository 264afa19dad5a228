// An MCP tool result becomes a ToolResult: bounded text for the model, everything for the UI.
import type { ToolResult } from '../tools/tool';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** Characters of text the model reads from one MCP result. */
export const MCP_CONTENT_BUDGET = 8_000;

/** What the UI gets in ToolResult.data for an MCP call. */
export interface McpResultData {
  serverId: string;
  toolName: string;
  content: CallToolResult['content'];
  structuredContent?: Record<string, unknown>;
}

function describeBlock(block: CallToolResult['content'][number]): string {
  switch (block.type) {
    case 'text':
      return block.text;
    case 'image':
      return `[image ${block.mimeType}, ${Math.round((block.data.length * 3) / 4)} bytes, shown to the person]`;
    case 'audio':
      return `[audio ${block.mimeType}, shown to the person]`;
    case 'resource_link':
      return `[resource link: ${block.name} ${block.uri}${block.description ? ` — ${block.description}` : ''}]`;
    case 'resource': {
      const resource = block.resource;
      return 'text' in resource
        ? `[resource ${resource.uri}]\n${resource.text}`
        : `[binary resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ''}]`;
    }
    default:
      return '[unsupported content]';
  }
}

/** Converts an MCP result; `isError` stays an error result, structured content goes to `data`. */
export function toToolResult(
  result: CallToolResult,
  context: { serverId: string; toolName: string; budget?: number },
): ToolResult {
  const budget = context.budget ?? MCP_CONTENT_BUDGET;
  const parts = (result.content ?? []).map(describeBlock);
  if (parts.length === 0 && result.structuredContent) {
    parts.push(JSON.stringify(result.structuredContent));
  }
  let content = parts.join('\n');
  if (content.length > budget) {
    content =
      `${content.slice(0, budget)}\n[Cut at ${budget} of ${content.length} characters; ` +
      'the person sees the whole result. Ask for less to read the rest.]';
  }
  const data: McpResultData = {
    serverId: context.serverId,
    toolName: context.toolName,
    content: result.content ?? [],
    ...(result.structuredContent ? { structuredContent: result.structuredContent } : {}),
  };
  return {
    content: content || (result.isError ? 'The tool failed without saying why.' : '(empty result)'),
    data,
    ...(result.isError ? { isError: true } : {}),
  };
}
