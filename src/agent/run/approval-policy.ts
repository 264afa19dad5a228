// Who decides a call: local tools run; MCP tools ask unless the session or the tool's policy allows them.
import type { Tool } from '../../tools/tool';
import type { ToolCall, UnaskedApproval } from '../types';
import type { RunContext } from './run-context';

/**
 * How a call gets to run: `ask` the person, `none` needed (a local tool, or a call that fails at once:
 * unknown tool, invalid arguments), or what lets an MCP call run without a card.
 */
export type ApprovalRoute = 'ask' | 'none' | UnaskedApproval;

/** The route `call` takes to run, as the audit record names it. */
export function approvalRoute(run: RunContext, call: ToolCall): ApprovalRoute {
  const tool = run.registry.get(call.name);
  // Unknown tools and invalid arguments become error results at once: nothing to approve.
  if (!tool || tool.origin.kind === 'local' || run.registry.check(call)) return 'none';
  // The answer is kept from an earlier identical call: the server is not called, so nothing is asked.
  if (run.registry.hasKeptAnswer(call)) return 'reused';
  if (run.sessionApprovals.isAllowed(tool.name, toolIdentity(tool))) {
    return run.sessionApprovals.autoApprove ? 'auto-approve' : 'session-allow-list';
  }
  // Decided once, where the tool was registered (the hub): nothing here second-guesses it.
  if (tool.approval !== 'auto') return 'ask';
  switch (tool.approvalSetBy) {
    case 'person-session':
      return 'session-setting';
    case 'person-remembered':
      return 'remembered-setting';
    default:
      return 'publisher-policy';
  }
}

/** True when the person must approve `call` before it runs. */
export function needsApproval(run: RunContext, call: ToolCall): boolean {
  return approvalRoute(run, call) === 'ask';
}

/** Names one tool whatever name it is exposed under: `serverId/originalName` for MCP tools. */
export function toolIdentity(tool: Tool): string {
  return tool.origin.kind === 'mcp'
    ? `${tool.origin.serverId}/${tool.origin.originalName}`
    : tool.name;
}
