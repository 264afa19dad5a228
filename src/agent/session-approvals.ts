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
  private readonly allowed = new Set<string>();
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

  /** Lets `toolName` run without asking for the rest of the session. */
  allow(toolName: string): void {
    if (this.allowed.has(toolName)) return;
    this.allowed.add(toolName);
    this.changed();
  }

  /** Withdraws an allowance; the tool asks again. */
  revoke(toolName: string): void {
    if (this.allowed.delete(toolName)) this.changed();
  }

  /** The allowed tool names, in the order they were allowed. */
  list(): string[] {
    return [...this.allowed];
  }

  /** True when `toolName` may run without asking (auto-approve, or on the allow-list). */
  isAllowed(toolName: string): boolean {
    return this.auto || this.allowed.has(toolName);
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
