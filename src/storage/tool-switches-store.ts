// Which MCP tools the person switched off in the settings, kept in localStorage so a reload keeps them
// off. The hub applies them when it registers a server's tools.

/** localStorage key of the switched-off tools (server id → tool names). */
export const TOOL_SWITCHES_KEY = 'mapwright.disabledTools';

/** The switched-off tools by server; empty when none were saved or the entry cannot be read. */
export function loadDisabledTools(storage: Storage = localStorage): Record<string, string[]> {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(TOOL_SWITCHES_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).map(([serverId, names]) => [
        serverId,
        Array.isArray(names)
          ? names.filter((name): name is string => typeof name === 'string')
          : [],
      ]),
    );
  } catch {
    return {};
  }
}

/** Saves the switched-off tools (what the hub reports after each switch). */
export function saveDisabledTools(
  disabled: Record<string, string[]>,
  storage: Storage = localStorage,
): void {
  try {
    storage.setItem(TOOL_SWITCHES_KEY, JSON.stringify(disabled));
  } catch {
    // Storage full or blocked: the switch holds for this page only.
  }
}
