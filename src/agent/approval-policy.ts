// Who decides a call: local tools run; MCP tools ask unless the session or the tool's policy allows them.
import type { Tool } from '../tools/tool';
import type { RunContext } from './run-context';
import type { ToolCall } from './types';

/** True when the person must approve `call` before it runs. */
export function needsApproval(run: RunContext, call: ToolCall): boolean {
  const tool = run.registry.get(call.name);
  // Unknown tools and invalid arguments become error results at once: nothing to approve.
  if (!tool || tool.origin.kind === 'local' || run.registry.check(call)) return false;
  if (run.sessionApprovals.isAllowed(tool.name, toolIdentity(tool))) return false;
  // Decided once, where the tool was registered (the hub): nothing here second-guesses it.
  return tool.approval !== 'auto';
}

/** Names one tool whatever name it is exposed under: `serverId/originalName` for MCP tools. */
export function toolIdentity(tool: Tool): string {
  return tool.origin.kind === 'mcp'
    ? `${tool.origin.serverId}/${tool.origin.originalName}`
    : tool.name;
}
