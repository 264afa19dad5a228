// The names people read for a tool and its server, taken from where the tool was registered.
import type { Tool } from '../../tools/tool';

/** The tool's title and its server's title, when they have them. */
export interface ToolLabels {
  toolTitle?: string;
  serverTitle?: string;
}

/** The labels of `tool` (nothing for an unknown tool), to spread into a proposal or an event. */
export function toolLabels(tool: Tool | undefined): ToolLabels {
  if (!tool) return {};
  const serverTitle = tool.origin.kind === 'mcp' ? tool.origin.serverTitle : undefined;
  return {
    ...(tool.title ? { toolTitle: tool.title } : {}),
    ...(serverTitle ? { serverTitle } : {}),
  };
}
