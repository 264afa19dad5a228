// One part of an MCP result (an SDK content block) as the UI keeps it. Blocks come from servers and,
// for results an older release stored, from storage, so the shape is checked, not assumed.
import { isRecord } from './table-result-data';
import type { McpContentPart } from './tool';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : undefined;

/** The part a content block becomes; undefined for a block of no known type. */
export function toContentPart(block: unknown): McpContentPart | undefined {
  if (!isRecord(block)) return undefined;
  switch (block.type) {
    case 'text': {
      const body = text(block.text);
      return body === undefined ? undefined : { type: 'text', text: body };
    }
    case 'image':
    case 'audio': {
      const data = text(block.data);
      const mimeType = text(block.mimeType);
      return data === undefined || mimeType === undefined
        ? undefined
        : { type: block.type, data, mimeType };
    }
    case 'resource_link':
    case 'resource': {
      // A link names its resource at the top; an embedded resource holds it (binary bytes are left out).
      const resource = block.type === 'resource' ? block.resource : block;
      if (!isRecord(resource)) return undefined;
      const uri = text(resource.uri);
      if (uri === undefined) return undefined;
      const mimeType = text(resource.mimeType);
      const name = text(resource.name);
      const body = block.type === 'resource' ? text(resource.text) : undefined;
      return {
        type: 'resource',
        uri,
        ...(mimeType !== undefined ? { mimeType } : {}),
        ...(name !== undefined ? { name } : {}),
        ...(body !== undefined ? { text: body } : {}),
      };
    }
    default:
      return undefined;
  }
}
