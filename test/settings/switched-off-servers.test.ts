// A publisher's server the person switched off in Settings stays off after a reload: the app starts it
// with `enabled: false`, and switching it on again forgets the choice.
import { describe, expect, it } from 'vitest';
import { saveServerSwitchedOff, withSwitchedOff } from '../../src/settings/mcp-preferences-store';
import { MemoryStorage } from '../memory-storage';

describe('a publisher’s server switched off', () => {
  it('starts switched off after a reload, and on again once switched on', () => {
    const storage = new MemoryStorage();
    const config = [
      { id: 'warehouse', url: 'https://mcp.example.com/mcp' },
      { id: 'other', url: 'https://other.example.com/mcp' },
    ];
    saveServerSwitchedOff('warehouse', true, storage);
    expect(withSwitchedOff(config, storage)).toEqual([
      { id: 'warehouse', url: 'https://mcp.example.com/mcp', enabled: false },
      { id: 'other', url: 'https://other.example.com/mcp' },
    ]);
    saveServerSwitchedOff('warehouse', false, storage);
    expect(withSwitchedOff(config, storage)).toEqual(config);
  });
});
