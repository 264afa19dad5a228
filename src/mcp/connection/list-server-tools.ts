// A server's whole tool list, page by page, read leniently: one malformed tool must not hide the rest.
import { ResultSchema, type Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';
import type { OpenedClient } from './mcp-transport';

/** Every tool the server lists, across its pages; entries without a name are left out. */
export async function listAllTools(opened: OpenedClient): Promise<McpTool[]> {
  // The loose ResultSchema instead of listTools(): the SDK's strict schema rejects the whole list when
  // one tool is malformed, and one bad tool must not hide the server's good ones (the hub drops it).
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  do {
    const page = await opened.client.request(
      { method: 'tools/list', params: cursor ? { cursor } : {} },
      ResultSchema,
    );
    const listed = Array.isArray(page.tools) ? (page.tools as unknown[]) : [];
    for (const tool of listed) {
      if (tool && typeof tool === 'object' && typeof (tool as McpTool).name === 'string') {
        tools.push(tool as McpTool);
      }
    }
    cursor = typeof page.nextCursor === 'string' ? page.nextCursor : undefined;
  } while (cursor);
  return tools;
}
