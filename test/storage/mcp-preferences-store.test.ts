// @vitest-environment jsdom
// A tool switched off in the settings stays off after a reload: the hub's preferences round-trip
// through localStorage, and a damaged entry switches nothing off.
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../src/mcp';
import {
  loadDisabledTools,
  saveDisabledTools,
  TOOL_SWITCHES_KEY,
} from '../../src/storage/mcp-preferences-store';
import { ToolRegistry } from '../../src/tools/tool-registry';

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
