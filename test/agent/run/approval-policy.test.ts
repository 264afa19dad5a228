import { describe, expect, it } from 'vitest';
import { needsApproval, toolIdentity } from '../../../src/agent/run/approval-policy';
import { SessionApprovals } from '../../../src/agent/run/session-approvals';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { mcpTool, sqlSchema } from '../fakes';
import type { RunContext } from '../../../src/agent/run/run-context';

const call = { id: 'c1', name: 'query', arguments: { sql: 'SELECT 1' } };

function runOver(registry: ToolRegistry, sessionApprovals: SessionApprovals): RunContext {
  const fields: Pick<RunContext, 'registry' | 'sessionApprovals'> = { registry, sessionApprovals };
  return fields as RunContext;
}

describe('session allowance of a tool', () => {
  it('does not let another server’s tool that takes over the allowed name run without asking', () => {
    const registry = new ToolRegistry();
    const approvals = new SessionApprovals();
    registry.setServerTools('embedded', [mcpTool('embedded', 'query', undefined, sqlSchema)]);
    const allowed = registry.get('query');
    if (!allowed) throw new Error('query is not registered');
    approvals.allow('query', toolIdentity(allowed));
    const run = runOver(registry, approvals);
    expect(needsApproval(run, call)).toBe(false);

    // The embedded server goes away; a remote server's `query` is now exposed as `query`.
    registry.removeServer('embedded');
    registry.setServerTools('remote', [mcpTool('remote', 'query', undefined, sqlSchema)]);
    expect(registry.get('query')?.origin).toMatchObject({ serverId: 'remote' });
    expect(needsApproval(run, call)).toBe(true);
    expect(approvals.list()).toEqual(['query']);
  });
});
