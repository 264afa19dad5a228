// An MCP tool result becomes a ToolResult: its whole text for the model (the registry cuts it to the
// budget), and typed data for the UI: a table when the result carries one (structured rows, or JSON,
// markdown or CSV text), else its parts and structured content.
import { toContentPart } from '../../tools/mcp-content-part';
import { tableFromRecord } from '../../tools/table-result-data';
import { tableFromText } from './table-from-text';
import type { ToolResult, ToolResultData } from '../../tools/tool';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export type { McpResultData } from '../../tools/tool';

type Block = CallToolResult['content'][number];

function describeBlock(block: Block): string {
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

/** The table a result's only text (a text block, or an embedded text resource) holds, if any. */
function tableInText(blocks: readonly Block[]): ToolResultData | undefined {
  const [only] = blocks;
  if (blocks.length !== 1 || !only) return undefined;
  if (only.type === 'text') return tableFromText(only.text);
  if (only.type === 'resource' && 'text' in only.resource && typeof only.resource.text === 'string')
    return tableFromText(only.resource.text, only.resource.mimeType ?? 'text/plain');
  return undefined;
}

/**
 * The table in structured content that only wraps text (`{ "content": "[{…}]" }`, as some servers send
 * their text again), if any.
 */
function tableInWrappedText(structured: unknown): ToolResultData | undefined {
  if (typeof structured !== 'object' || structured === null) return undefined;
  const values = Object.values(structured);
  const [only] = values;
  return values.length === 1 && typeof only === 'string' ? tableFromText(only) : undefined;
}

/** The data the UI draws from an MCP result: a table when it carries one, else its parts. */
export function toResultData(result: CallToolResult): ToolResultData {
  const blocks = result.content ?? [];
  const structured = result.structuredContent;
  // Structured rows first; else rows written as text, in the content or wrapped in the structure.
  const table =
    tableFromRecord(structured) ?? tableInText(blocks) ?? tableInWrappedText(structured);
  if (table) return table;
  return {
    kind: 'mcp',
    content: blocks.flatMap((block) => toContentPart(block) ?? []),
    ...(structured ? { structuredContent: structured } : {}),
  };
}

/** Converts an MCP result; `isError` stays an error result (with no data), the rest gets typed data. */
export function toToolResult(result: CallToolResult): ToolResult {
  const parts = (result.content ?? []).map(describeBlock);
  if (parts.length === 0 && result.structuredContent) {
    parts.push(JSON.stringify(result.structuredContent));
  }
  const content = parts.join('\n');
  if (result.isError) {
    return { content: content || 'The tool failed without saying why.', isError: true };
  }
  return { content: content || '(empty result)', data: toResultData(result) };
}
