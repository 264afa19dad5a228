// @vitest-environment jsdom
// The banner above the question box names every tool the person set to run without asking, saying
// whether it holds for this session or is remembered on this device, and one click makes it ask again.
import { describe, expect, it } from 'vitest';
import { SessionApprovals } from '../../src/agent/run/session-approvals';
import { ApprovalControls } from '../../src/approval/approval-controls';
import { PersonToolPolicies } from '../../src/mcp/tools/person-tool-policies';

describe('the approval banner', () => {
  it('lists tools set to run without asking and withdraws one in one click', () => {
    const policies = new PersonToolPolicies();
    const controls = new ApprovalControls(new SessionApprovals());
    controls.showUnaskedTools(policies, (serverId, toolName) =>
      policies.set(serverId, toolName, 'ask'),
    );
    expect(controls.banner.hidden).toBe(true);
    policies.set('embedded', 'query', 'auto');
    policies.set('remote', 'list_tables', 'auto', true);
    expect(controls.banner.hidden).toBe(false);
    const lines = [...controls.banner.querySelectorAll('.mw-unasked-tools li')].map(
      (line) => line.querySelector('span')?.textContent,
    );
    expect(lines).toEqual([
      'query runs without asking for this session',
      'list_tables runs without asking — remembered on this device',
    ]);
    controls.banner.querySelector<HTMLButtonElement>('.mw-ask-again')?.click();
    expect(policies.get('embedded', 'query')).toEqual({ policy: 'ask', remembered: false });
    controls.banner.querySelector<HTMLButtonElement>('.mw-ask-again')?.click();
    expect(controls.banner.hidden).toBe(true);
    controls.destroy();
  });
});
