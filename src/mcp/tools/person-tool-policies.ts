// The person's own approval choices per tool, from Settings: "run without asking" holds for this session
// unless they also chose to remember it on this device. Each choice says which it is, so the record
// names it and the banner can show and withdraw it.
import type { ApprovalPolicy } from '../config/mcp-server-config';

/** One tool's choice: its policy, and whether it is remembered on this device beyond the session. */
export interface PersonToolPolicy {
  policy: ApprovalPolicy;
  remembered: boolean;
}

/** A tool the person let run without asking, as the banner lists it. */
export interface UnaskedTool {
  serverId: string;
  toolName: string;
  remembered: boolean;
}

/** The person's choices by `serverId/tool`, with one change listener list. */
export class PersonToolPolicies {
  private readonly policies: Map<string, PersonToolPolicy>;
  private readonly listeners = new Set<() => void>();

  constructor(
    initial: Record<string, PersonToolPolicy> = {},
    private readonly onSave?: (policies: Record<string, PersonToolPolicy>) => void,
  ) {
    this.policies = new Map(Object.entries(initial));
  }

  /** The person's choice for a tool, if they made one. */
  get(serverId: string, toolName: string): PersonToolPolicy | undefined {
    return this.policies.get(key(serverId, toolName));
  }

  /** Sets a tool's choice; `remembered` keeps it on this device across visits. */
  set(serverId: string, toolName: string, policy: ApprovalPolicy, remembered = false): void {
    this.policies.set(key(serverId, toolName), {
      policy,
      remembered: remembered && policy === 'auto',
    });
    this.onSave?.(this.all());
    for (const listener of this.listeners) listener();
  }

  /** Every tool the person let run without asking, in the order they were set. */
  unasked(): UnaskedTool[] {
    return [...this.policies]
      .filter(([, choice]) => choice.policy === 'auto')
      .map(([name, choice]) => {
        const slash = name.indexOf('/');
        return {
          serverId: name.slice(0, slash),
          toolName: name.slice(slash + 1),
          remembered: choice.remembered,
        };
      });
  }

  /** Every choice, by `serverId/tool`. */
  all(): Record<string, PersonToolPolicy> {
    return Object.fromEntries(this.policies);
  }

  /** Calls `listener` after each change; returns its removal. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

function key(serverId: string, toolName: string): string {
  return `${serverId}/${toolName}`;
}
