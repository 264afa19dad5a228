// What the person chose about MCP servers, kept in localStorage so a reload keeps it: the servers they
// added, the tools they switched off, and their approval policy per tool. The settings view edits these
// through the hub; the app reads them when it starts the data side. A server's bearer token is kept
// apart, like an LLM key: for this tab only (sessionStorage, the default) or on this device
// (localStorage) as the person chose, and bound to the server's URL.
import type { ApprovalPolicy, McpServerConfig } from '../mcp/config/mcp-server-config';
import type { PersonToolPolicy } from '../mcp/tools/person-tool-policies';

/** localStorage key of the servers the person added. */
export const USER_SERVERS_KEY = 'mapwright.mcpServers';
/** localStorage key of the switched-off tools (server id → tool names). */
export const TOOL_SWITCHES_KEY = 'mapwright.disabledTools';
/**
 * The person's approval policies (`serverId/tool` → policy): in sessionStorage for this session, and
 * only the ones they chose to remember in localStorage. Releases before that kept every choice in
 * localStorage under `LEGACY_TOOL_POLICIES_KEY`: those are read once as this session's and removed.
 */
export const TOOL_POLICIES_KEY = 'mapwright.toolPolicies.session';
/** localStorage key of the approval policies the person chose to remember on this device. */
export const REMEMBERED_TOOL_POLICIES_KEY = 'mapwright.toolPolicies.remembered';
/** Where releases before the session default kept every approval policy (localStorage). */
export const LEGACY_TOOL_POLICIES_KEY = 'mapwright.toolPolicies';

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

/** Where a server's bearer token is kept: on this device, or for this tab only (the default). */
export type TokenPersistence = 'browser' | 'session';

/** The storage key of the servers' bearer tokens, in sessionStorage and in localStorage. */
export const SERVER_TOKENS_KEY = 'mapwright.mcpServerTokens';

/** The page's two storages: the device's and the tab's. */
export interface TokenStorages {
  local: Storage;
  session: Storage;
}

/** A kept token: the whole Authorization value, and the URL it was given for. */
interface KeptToken {
  url: string;
  authorization: string;
}

const pageStorages = (): TokenStorages => ({ local: localStorage, session: sessionStorage });

const isAuthorization = (header: string): boolean => header.toLowerCase() === 'authorization';

function readTokens(storage: Storage): Record<string, KeptToken> {
  const stored = read(SERVER_TOKENS_KEY, storage);
  if (!isRecord(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (entry): entry is [string, KeptToken] =>
        isRecord(entry[1]) &&
        typeof entry[1].url === 'string' &&
        typeof entry[1].authorization === 'string',
    ),
  );
}

function writeTokens(tokens: Record<string, KeptToken>, storage: Storage): void {
  if (Object.keys(tokens).length === 0) storage.removeItem(SERVER_TOKENS_KEY);
  else write(SERVER_TOKENS_KEY, tokens, storage);
}

/** A server's config without its Authorization header, and that header's value if it had one. */
function splitToken(server: McpServerConfig): {
  server: McpServerConfig;
  authorization?: string;
} {
  const entries = Object.entries(server.headers ?? {});
  const authorization = entries.find(([header]) => isAuthorization(header))?.[1];
  if (authorization === undefined) return { server };
  const rest = entries.filter(([header]) => !isAuthorization(header));
  const { headers: _headers, ...withoutHeaders } = server;
  return {
    server:
      rest.length > 0 ? { ...withoutHeaders, headers: Object.fromEntries(rest) } : withoutHeaders,
    authorization,
  };
}

function serverList(storage: Storage): McpServerConfig[] {
  const stored = read(USER_SERVERS_KEY, storage);
  if (!Array.isArray(stored)) return [];
  return stored.filter(
    (server): server is McpServerConfig =>
      isRecord(server) && typeof server.id === 'string' && typeof server.url === 'string',
  );
}

/**
 * The servers the person added (entries that are not server configs are dropped), each with its token
 * when one is kept for its URL. Tokens an earlier release kept inside the server list move out of it,
 * and stay on the device, where the person had them.
 */
export function loadUserServers(storage: TokenStorages = pageStorages()): McpServerConfig[] {
  const listed = serverList(storage.local);
  if (listed.some((server) => splitToken(server).authorization !== undefined)) {
    const remembered = readTokens(storage.local);
    for (const server of listed) {
      const { authorization } = splitToken(server);
      if (authorization !== undefined && server.url) {
        remembered[server.id] = { url: server.url, authorization };
      }
    }
    writeTokens(remembered, storage.local);
    write(
      USER_SERVERS_KEY,
      listed.map((server) => splitToken(server).server),
      storage.local,
    );
  }
  const session = readTokens(storage.session);
  const device = readTokens(storage.local);
  return serverList(storage.local).map((server) => {
    const kept = session[server.id] ?? device[server.id];
    if (!kept || kept.url !== server.url) return server;
    return { ...server, headers: { ...server.headers, Authorization: kept.authorization } };
  });
}

/** Where a server's token is kept, if one is. */
export function tokenPersistence(
  serverId: string,
  storage: TokenStorages = pageStorages(),
): TokenPersistence | undefined {
  if (readTokens(storage.session)[serverId]) return 'session';
  return readTokens(storage.local)[serverId] ? 'browser' : undefined;
}

/** How to save the servers: where the tokens of the servers named go (the others stay where they are). */
export interface SaveUserServersOptions {
  tokenPersistence?: Record<string, TokenPersistence>;
  storage?: TokenStorages;
}

/**
 * Saves the servers the person added: the list without tokens on the device, and each token in exactly
 * one of the two storages (a new one in the tab's unless the person chose the device). The tokens of
 * servers no longer listed are forgotten.
 */
export function saveUserServers(
  servers: McpServerConfig[],
  options: SaveUserServersOptions = {},
): void {
  const storage = options.storage ?? pageStorages();
  const previous = { session: readTokens(storage.session), browser: readTokens(storage.local) };
  const next: Record<TokenPersistence, Record<string, KeptToken>> = { session: {}, browser: {} };
  for (const server of servers) {
    const { authorization } = splitToken(server);
    if (authorization === undefined || !server.url) continue;
    const place: TokenPersistence =
      options.tokenPersistence?.[server.id] ??
      (previous.browser[server.id] && !previous.session[server.id] ? 'browser' : 'session');
    next[place][server.id] = { url: server.url, authorization };
  }
  write(
    USER_SERVERS_KEY,
    servers.map((server) => splitToken(server).server),
    storage.local,
  );
  writeTokens(next.session, storage.session);
  writeTokens(next.browser, storage.local);
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

/** localStorage key of the publisher's servers (by id) the person switched off. */
export const SWITCHED_OFF_SERVERS_KEY = 'mapwright.switchedOffServers';

/** The ids of the publisher's servers the person switched off on this device. */
export function loadSwitchedOffServers(storage: Storage): string[] {
  const stored = read(SWITCHED_OFF_SERVERS_KEY, storage);
  return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
}

/** Keeps a publisher's server switched off (or on again) on this device. */
export function saveServerSwitchedOff(serverId: string, off: boolean, storage: Storage): void {
  const others = loadSwitchedOffServers(storage).filter((id) => id !== serverId);
  write(SWITCHED_OFF_SERVERS_KEY, off ? [...others, serverId] : others, storage);
}

/** The config's servers with the ones the person switched off marked `enabled: false`. */
export function withSwitchedOff(servers: McpServerConfig[], storage: Storage): McpServerConfig[] {
  const off = new Set(loadSwitchedOffServers(storage));
  return servers.map((server) => (off.has(server.id) ? { ...server, enabled: false } : server));
}

/** localStorage key of the person's switch that stops answers being reused (`off`). */
export const REUSE_ANSWERS_KEY = 'mapwright.reuseAnswers';

/** Whether the person lets answers of read-only lookups be reused (the default), or switched it off. */
export function loadReuseAnswers(storage: Storage): boolean {
  try {
    return storage.getItem(REUSE_ANSWERS_KEY) !== 'off';
  } catch {
    return true;
  }
}

/** Keeps the person's reuse switch on this device. */
export function saveReuseAnswers(on: boolean, storage: Storage): void {
  try {
    if (on) storage.removeItem(REUSE_ANSWERS_KEY);
    else storage.setItem(REUSE_ANSWERS_KEY, 'off');
  } catch {
    // Blocked storage: the switch holds for this page.
  }
}

/** Policies read from one storage key: `serverId/tool` → `ask` | `auto`. */
function readPolicies(key: string, storage: Storage): Record<string, ApprovalPolicy> {
  const stored = read(key, storage);
  if (!isRecord(stored)) return {};
  return Object.fromEntries(
    Object.entries(stored).filter(
      (entry): entry is [string, ApprovalPolicy] => entry[1] === 'ask' || entry[1] === 'auto',
    ),
  );
}

/**
 * The person's approval policies: this session's (sessionStorage) over the remembered ones
 * (localStorage). A choice kept by an older release, which remembered everything unasked, holds for
 * this session only and is removed from the device.
 */
export function loadToolPolicies(storages: TokenStorages): Record<string, PersonToolPolicy> {
  const legacy = readPolicies(LEGACY_TOOL_POLICIES_KEY, storages.local);
  if (Object.keys(legacy).length > 0) {
    write(
      TOOL_POLICIES_KEY,
      { ...legacy, ...readPolicies(TOOL_POLICIES_KEY, storages.session) },
      storages.session,
    );
  }
  try {
    storages.local.removeItem(LEGACY_TOOL_POLICIES_KEY);
  } catch {
    // Blocked storage: nothing was read from it either.
  }
  const remembered = readPolicies(REMEMBERED_TOOL_POLICIES_KEY, storages.local);
  const session = readPolicies(TOOL_POLICIES_KEY, storages.session);
  return {
    ...Object.fromEntries(
      Object.entries(remembered).map(([name, policy]) => [name, { policy, remembered: true }]),
    ),
    ...Object.fromEntries(
      Object.entries(session).map(([name, policy]) => [name, { policy, remembered: false }]),
    ),
  };
}

/** Saves the person's approval policies: each in the session's storage, or the device's if remembered. */
export function saveToolPolicies(
  policies: Record<string, PersonToolPolicy>,
  storages: TokenStorages,
): void {
  const pick = (remembered: boolean) =>
    Object.fromEntries(
      Object.entries(policies)
        .filter(([, choice]) => choice.remembered === remembered)
        .map(([name, choice]) => [name, choice.policy]),
    );
  write(TOOL_POLICIES_KEY, pick(false), storages.session);
  write(REMEMBERED_TOOL_POLICIES_KEY, pick(true), storages.local);
}
