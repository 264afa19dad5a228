// What the person chose about MCP servers, kept in localStorage so a reload keeps it: the servers they
// added, the tools they switched off, and their approval policy per tool. The settings view edits these
// through the hub; the app reads them when it starts the data side.
import type { ApprovalPolicy, McpServerConfig } from '../mcp/mcp-server-config';

/** localStorage key of the servers the person added. */
export const USER_SERVERS_KEY = 'mapwright.mcpServers';
/** localStorage key of the switched-off tools (server id → tool names). */
export const TOOL_SWITCHES_KEY = 'mapwright.disabledTools';
/** localStorage key of the person's approval policies (`serverId/tool` → policy). */
export const TOOL_POLICIES_KEY = 'mapwright.toolPolicies';

function read(key: string, storage: Storage): unknown {
  try {
    return JSON.parse(storage.getItem(key) ?? 'null') as unknown;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown, storage: Storage): void {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or blocked: the choice holds for this page only.
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The servers the person added (entries that are not server configs are dropped). */
export function loadUserServers(storage: Storage = localStorage): McpServerConfig[] {
  const stored = read(USER_SERVERS_KEY, storage);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (server): server is McpServerConfig =>
      isRecord(server) && typeof server.id === 'string' && typeof server.url === 'string',
  );
}

/** Saves the servers the person added. */
export function saveUserServers(servers: McpServerConfig[], storage: Storage = localStorage): void {
  write(USER_SERVERS_KEY, servers, storage);
}

/** The switched-off tools by server; empty when none were saved or the entry cannot be read. */
export function loadDisabledTools(storage: Storage = localStorage): Record<string, string[]> {
  const stored = read(TOOL_SWITCHES_KEY, storage);
  if (!isRecord(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).map(([serverId, names]) => [
      serverId,
      Array.isArray(names) ? names.filter((name): name is string => typeof name === 'string') : [],
    ]),
  );
}

/** Saves the switched-off tools (what the hub reports after each switch). */
export function saveDisabledTools(
  disabled: Record<string, string[]>,
  storage: Storage = localStorage,
): void {
  write(TOOL_SWITCHES_KEY, disabled, storage);
}

/** The person's approval policies, `serverId/tool` → `ask` | `auto`. */
export function loadToolPolicies(storage: Storage = localStorage): Record<string, ApprovalPolicy> {
  const stored = read(TOOL_POLICIES_KEY, storage);
  if (!isRecord(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (entry): entry is [string, ApprovalPolicy] => entry[1] === 'ask' || entry[1] === 'auto',
    ),
  );
}

/** Saves the person's approval policies. */
export function saveToolPolicies(
  policies: Record<string, ApprovalPolicy>,
  storage: Storage = localStorage,
): void {
  write(TOOL_POLICIES_KEY, policies, storage);
}
