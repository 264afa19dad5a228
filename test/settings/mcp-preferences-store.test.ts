// @vitest-environment jsdom
// A tool switched off in the settings stays off after a reload: the hub's preferences round-trip
// through localStorage, and a damaged entry switches nothing off. A server's bearer token is kept like
// an LLM key: for this tab unless the person keeps it on the device, and only for its server's URL.
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../src/mcp';
import {
  loadDisabledTools,
  loadUserServers,
  saveDisabledTools,
  saveUserServers,
  SERVER_TOKENS_KEY,
  tokenPersistence,
  TOOL_SWITCHES_KEY,
  USER_SERVERS_KEY,
} from '../../src/settings/mcp-preferences-store';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { MemoryStorage } from '../memory-storage';
import type { McpServerConfig } from '../../src/mcp/config/mcp-server-config';

afterEach(() => localStorage.clear());

describe('switched-off tools', () => {
  it('are saved as the hub reports them and read back after a reload', () => {
    const hub = new McpHub({
      registry: new ToolRegistry(),
      onPreferencesChange: (disabled) => saveDisabledTools(disabled),
    });
    hub.setToolEnabled('embedded', 'query', false);
    expect(loadDisabledTools()).toEqual({ embedded: ['query'] });
    hub.setToolEnabled('embedded', 'query', true);
    expect(loadDisabledTools()).toEqual({ embedded: [] });
  });

  it('a damaged entry switches nothing off', () => {
    localStorage.setItem(TOOL_SWITCHES_KEY, '{not json');
    expect(loadDisabledTools()).toEqual({});
    localStorage.setItem(TOOL_SWITCHES_KEY, JSON.stringify({ embedded: ['query', 7] }));
    expect(loadDisabledTools()).toEqual({ embedded: ['query'] });
  });
});

describe('a server’s bearer token', () => {
  const storages = () => ({ local: new MemoryStorage(), session: new MemoryStorage() });
  const warehouse: McpServerConfig = {
    id: 'warehouse',
    url: 'https://w.example/mcp',
    headers: { Authorization: 'Bearer tok-123456', 'X-Team': 'maps' },
  };

  it('is kept for this tab by default, apart from the server list', () => {
    const storage = storages();
    saveUserServers([warehouse], { storage });
    expect(storage.local.getItem(USER_SERVERS_KEY)).not.toContain('tok-123456');
    expect(storage.local.getItem(SERVER_TOKENS_KEY)).toBeNull();
    expect(tokenPersistence('warehouse', storage)).toBe('session');
    expect(loadUserServers(storage)).toEqual([warehouse]);
    // The tab closed: the server is still listed, without its token.
    expect(loadUserServers({ local: storage.local, session: new MemoryStorage() })).toEqual([
      { id: 'warehouse', url: 'https://w.example/mcp', headers: { 'X-Team': 'maps' } },
    ]);
  });

  it('is kept on the device when the person chose it, and stays there when the list is saved again', () => {
    const storage = storages();
    saveUserServers([warehouse], { storage, tokenPersistence: { warehouse: 'browser' } });
    expect(storage.session.getItem(SERVER_TOKENS_KEY)).toBeNull();
    saveUserServers([{ ...warehouse, enabled: false }], { storage });
    expect(tokenPersistence('warehouse', storage)).toBe('browser');
    expect(loadUserServers({ local: storage.local, session: new MemoryStorage() })).toEqual([
      { ...warehouse, enabled: false },
    ]);
  });

  it('is sent to no other URL: a list edited to point the id elsewhere loads without it', () => {
    const storage = storages();
    saveUserServers([warehouse], { storage });
    storage.local.setItem(
      USER_SERVERS_KEY,
      JSON.stringify([{ id: 'warehouse', url: 'https://evil.example/mcp' }]),
    );
    expect(loadUserServers(storage)[0]?.headers).toBeUndefined();
  });

  it('is forgotten with its server', () => {
    const storage = storages();
    saveUserServers([warehouse, { ...warehouse, id: 'lake' }], {
      storage,
      tokenPersistence: { lake: 'browser' },
    });
    saveUserServers([], { storage });
    expect(storage.local.getItem(SERVER_TOKENS_KEY)).toBeNull();
    expect(storage.session.getItem(SERVER_TOKENS_KEY)).toBeNull();
  });

  it('saved inside the server list by an earlier release keeps working, moved out of the list', () => {
    const storage = storages();
    storage.local.setItem(USER_SERVERS_KEY, JSON.stringify([warehouse]));
    expect(loadUserServers(storage)).toEqual([warehouse]);
    expect(storage.local.getItem(USER_SERVERS_KEY)).not.toContain('tok-123456');
    expect(tokenPersistence('warehouse', storage)).toBe('browser');
    expect(loadUserServers({ local: storage.local, session: new MemoryStorage() })).toEqual([
      warehouse,
    ]);
  });
});
