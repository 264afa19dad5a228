// What the person allowed for this session: everything (auto-approve) or named tools. Visible and revocable.

/** The session's approvals, as the UI shows them. */
export interface SessionApprovalsState {
  autoApprove: boolean;
  /** Tool names allowed for the session, in the order they were allowed. */
  allowed: string[];
}

/** Session-wide approvals of MCP tool calls. Nothing here is persisted: a new session asks again. */
export class SessionApprovals {
  private auto = false;
  // Tool name → the identity of the tool that was allowed (`serverId/originalName`), when known: a name
  // can pass to another server's tool when servers come and go, and that tool was never allowed.
  private readonly allowed = new Map<string, string | undefined>();
  private readonly listeners = new Set<(state: SessionApprovalsState) => void>();

  /** True when every MCP call runs without asking. */
  get autoApprove(): boolean {
    return this.auto;
  }

  /** Switches auto-approve for everything on or off. */
  set autoApprove(on: boolean) {
    if (this.auto === on) return;
    this.auto = on;
    this.changed();
  }

  /** Lets `toolName` (only the tool `identity` names, when given) run without asking for the session. */
  allow(toolName: string, identity?: string): void {
    if (this.allowed.has(toolName) && this.allowed.get(toolName) === identity) return;
    this.allowed.set(toolName, identity);
    this.changed();
  }

  /** Withdraws an allowance; the tool asks again. */
  revoke(toolName: string): void {
    if (this.allowed.delete(toolName)) this.changed();
  }

  /** The allowed tool names, in the order they were allowed. */
  list(): string[] {
    return [...this.allowed.keys()];
  }

  /** True when `toolName` may run without asking (auto-approve, or on the allow-list for this tool). */
  isAllowed(toolName: string, identity?: string): boolean {
    if (this.auto) return true;
    if (!this.allowed.has(toolName)) return false;
    const allowedIdentity = this.allowed.get(toolName);
    return allowedIdentity === undefined || allowedIdentity === identity;
  }

  /** Auto-approve off and the allow-list emptied. */
  clear(): void {
    if (!this.auto && this.allowed.size === 0) return;
    this.auto = false;
    this.allowed.clear();
    this.changed();
  }

  /** The current state, for display. */
  state(): SessionApprovalsState {
    return { autoApprove: this.auto, allowed: this.list() };
  }

  /** Calls `listener` after every change; returns an unsubscribe function. */
  onChange(listener: (state: SessionApprovalsState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    const state = this.state();
    for (const listener of this.listeners) listener(state);
  }
}
