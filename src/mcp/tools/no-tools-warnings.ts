// A server that connects but offers nothing usable looks healthy and silently adds no tools. This says
// so once, and keeps the reason for the server's state until it offers a valid tool.
/** Why a connected server offers no usable tool, by server id; absent while it offers some. */
export class NoToolsWarnings {
  private readonly warnings = new Map<string, string>();

  constructor(private readonly onWarning?: (message: string) => void) {}

  /**
   * Notes how many tools a server listed and how many have a valid schema; warns once per new reason.
   * Tools the person switched off count as valid: that was their choice.
   */
  note(serverId: string, listedCount: number, validCount: number): void {
    if (validCount > 0) {
      this.warnings.delete(serverId);
      return;
    }
    const warning =
      listedCount === 0
        ? `MCP server "${serverId}" is connected but lists no tools, so the agent cannot use it.`
        : `MCP server "${serverId}" is connected but none of its ${listedCount} tools is usable (each ` +
          'has an invalid input schema), so the agent cannot use it.';
    if (this.warnings.get(serverId) === warning) return;
    this.warnings.set(serverId, warning);
    this.onWarning?.(warning);
  }

  /** The server's warning, if it offers no usable tool. */
  get(serverId: string): string | undefined {
    return this.warnings.get(serverId);
  }

  /** Forgets a removed server. */
  delete(serverId: string): void {
    this.warnings.delete(serverId);
  }
}
