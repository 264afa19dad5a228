// "Run without asking" set in Settings is for the session: a new browser session (a fresh
// sessionStorage) asks again, unless the person also chose to remember it on this device. A choice an
// older release kept on the device unasked holds for the current session only.
import { describe, expect, it } from 'vitest';
import {
  LEGACY_TOOL_POLICIES_KEY,
  loadToolPolicies,
  saveToolPolicies,
} from '../../src/settings/mcp-preferences-store';
import { MemoryStorage } from '../memory-storage';

describe('the person’s approval policies', () => {
  it('keep a session choice only for the session, and a remembered one across sessions', () => {
    const local = new MemoryStorage();
    saveToolPolicies(
      {
        'embedded/query': { policy: 'auto', remembered: false },
        'remote/list_tables': { policy: 'auto', remembered: true },
      },
      { local, session: new MemoryStorage() },
    );
    // The browser was closed: the device's storage stays, the session's is new.
    expect(loadToolPolicies({ local, session: new MemoryStorage() })).toEqual({
      'remote/list_tables': { policy: 'auto', remembered: true },
    });
  });

  it('survive a reload in the same session', () => {
    const storages = { local: new MemoryStorage(), session: new MemoryStorage() };
    saveToolPolicies({ 'embedded/query': { policy: 'auto', remembered: false } }, storages);
    expect(loadToolPolicies(storages)).toEqual({
      'embedded/query': { policy: 'auto', remembered: false },
    });
  });

  it('read an older release’s device-wide choices as this session’s and remove them', () => {
    const local = new MemoryStorage();
    local.setItem(LEGACY_TOOL_POLICIES_KEY, JSON.stringify({ 'embedded/query': 'auto' }));
    const session = new MemoryStorage();
    expect(loadToolPolicies({ local, session })).toEqual({
      'embedded/query': { policy: 'auto', remembered: false },
    });
    expect(local.getItem(LEGACY_TOOL_POLICIES_KEY)).toBeNull();
    expect(loadToolPolicies({ local, session })).toEqual({
      'embedded/query': { policy: 'auto', remembered: false },
    });
    expect(loadToolPolicies({ local, session: new MemoryStorage() })).toEqual({});
  });
});
