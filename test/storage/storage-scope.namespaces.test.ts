// Two apps on one page keep apart what they store: settings written by one are not read by the other,
// the app page's keys stay as they were, and clearing one namespace leaves everything else.
import { describe, expect, it, vi } from 'vitest';
import { loadLlmSettings, saveLlmSettings } from '../../src/settings/llm-settings-store';
import { PrefixedStorage, storageScope } from '../../src/storage/storage-scope';
import { MemoryStorage } from '../memory-storage';

describe('storage namespaces', () => {
  it("one app's settings and key are not another's, nor the app page's", () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    const scoped = (namespace: string) => ({
      local: new PrefixedStorage(() => local, `mapwright@${namespace}/`),
      session: new PrefixedStorage(() => session, `mapwright@${namespace}/`),
    });
    const defaults = {
      provider: 'openai',
      endpoint: 'https://api.openai.com/v1',
      model: 'a',
      apiKey: '',
      keyPersistence: 'session',
    } as const;
    saveLlmSettings({ ...defaults, model: 'first', apiKey: 'sk-first' }, scoped('one'));
    saveLlmSettings({ ...defaults, model: 'page', apiKey: 'sk-page' }, { local, session });
    expect(loadLlmSettings(defaults, scoped('one'))).toMatchObject({
      model: 'first',
      apiKey: 'sk-first',
    });
    expect(loadLlmSettings(defaults, scoped('two'))).toMatchObject({ model: 'a', apiKey: '' });
    expect(loadLlmSettings(defaults, { local, session })).toMatchObject({
      model: 'page',
      apiKey: 'sk-page',
    });
    // The app page's keys are the names it always used.
    expect(local.getItem('mapwright.llm')).toContain('page');
  });

  it('lists and clears only its own keys', () => {
    const inner = new MemoryStorage();
    inner.setItem('mapwright.theme', 'dark');
    const one = new PrefixedStorage(() => inner, 'mapwright@one/');
    one.setItem('mapwright.theme', 'light');
    expect(one.length).toBe(1);
    expect(one.key(0)).toBe('mapwright.theme');
    one.clear();
    expect(one.getItem('mapwright.theme')).toBeNull();
    expect(inner.getItem('mapwright.theme')).toBe('dark');
  });

  it('names databases, channels and locks per namespace, and keeps the page names', () => {
    vi.stubGlobal('window', {
      localStorage: new MemoryStorage(),
      sessionStorage: new MemoryStorage(),
    });
    try {
      expect(storageScope('').name('mapwright')).toBe('mapwright');
      expect(storageScope('maps').name('mapwright')).toBe('mapwright@maps/mapwright');
      expect(storageScope('maps').name('mapwright-conversations')).not.toBe(
        storageScope('other').name('mapwright-conversations'),
      );
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
