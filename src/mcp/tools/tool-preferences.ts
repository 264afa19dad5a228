// The person's say over a server's tools: the tools they switched off and the approval policy of each
// tool, decided here once so the registered tool carries the answer. Both survive reconnects; the
// settings persist them through the callbacks.
import { PersonToolPolicies, type PersonToolPolicy } from './person-tool-policies';
import type { ApprovalSetBy } from '../../tools/tool';
import type { ApprovalPolicy, HubServerConfig } from '../config/mcp-server-config';

/** Where the preferences come from and where their changes go (the hub's options of the same names). */
export interface ToolPreferencesOptions {
  disabledTools?: Record<string, string[]>;
  onPreferencesChange?: (disabledTools: Record<string, string[]>) => void;
  defaultPolicy?: ApprovalPolicy;
  toolPolicies?: Record<string, PersonToolPolicy>;
  onToolPoliciesChange?: (policies: Record<string, PersonToolPolicy>) => void;
}

/** The switched-off tools and the approval policy of every tool, by server id. */
export class ToolPreferences {
  /** The person's own choices per tool, from Settings (the banner lists and withdraws them). */
  readonly personPolicies: PersonToolPolicies;
  private readonly disabled = new Map<string, Set<string>>();

  constructor(private readonly options: ToolPreferencesOptions) {
    this.personPolicies = new PersonToolPolicies(
      options.toolPolicies,
      options.onToolPoliciesChange,
    );
    for (const [serverId, names] of Object.entries(options.disabledTools ?? {})) {
      this.disabled.set(serverId, new Set(names));
    }
  }

  /** Whether the person left this tool on; tools never switched start enabled. */
  isEnabled(serverId: string, toolName: string): boolean {
    return !this.disabled.get(serverId)?.has(toolName);
  }

  /** Switches one tool on or off and hands every server's switched-off tools to the settings. */
  setEnabled(serverId: string, toolName: string, enabled: boolean): void {
    const names = this.disabled.get(serverId) ?? new Set<string>();
    if (enabled) names.delete(toolName);
    else names.add(toolName);
    this.disabled.set(serverId, names);
    this.options.onPreferencesChange?.(
      Object.fromEntries([...this.disabled].map(([id, set]) => [id, [...set].sort()])),
    );
  }

  /**
   * Whether a call of this tool waits for the person, in this order: the person's choice in the
   * settings, the server config's per-tool policy, the server's policy, the config's
   * `approvals.defaultPolicy`, else `ask`. `config` is the server's, if it is still configured.
   */
  policyFor(
    serverId: string,
    toolName: string,
    config: HubServerConfig | undefined,
  ): ApprovalPolicy {
    return (
      this.personPolicies.get(serverId, toolName)?.policy ??
      config?.toolApproval?.[toolName] ??
      config?.approval ??
      this.options.defaultPolicy ??
      'ask'
    );
  }

  /** Who set the policy `policyFor` answers: the person (for the session, or remembered), else the publisher. */
  policySetBy(serverId: string, toolName: string): ApprovalSetBy {
    const person = this.personPolicies.get(serverId, toolName);
    if (!person) return 'publisher';
    return person.remembered ? 'person-remembered' : 'person-session';
  }

  /** The person sets a tool's policy, for this session unless `remembered` (kept on this device). */
  setPolicy(serverId: string, toolName: string, policy: ApprovalPolicy, remembered = false): void {
    this.personPolicies.set(serverId, toolName, policy, remembered);
  }
}
