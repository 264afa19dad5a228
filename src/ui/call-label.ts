// How the card and the timeline name a tool call for people: "Query · Bundled data", not an id.

/** What a call's label is made from (a proposed call and a call record both fit). */
export interface CallLabelParts {
  name: string;
  toolTitle?: string;
  serverId?: string;
  serverTitle?: string;
}

/** "list_tables" → "List tables": a tool name read as words, for tools with no title. */
export function humanToolName(name: string): string {
  const words = name.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : name;
}

/** The tool's title (or its name as words), then its server's title for a tool of an MCP server. */
export function callLabel(parts: CallLabelParts): string {
  const tool = parts.toolTitle?.trim() || humanToolName(parts.name);
  if (!parts.serverId) return tool;
  return `${tool} · ${parts.serverTitle?.trim() || parts.serverId}`;
}
