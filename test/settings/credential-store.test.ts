import { describe, expect, it } from 'vitest';
import { CREDENTIALS_KEY, CredentialStore } from '../../src/settings/credential-store';
import { maskCredentials } from '../../src/tools/credential-placeholders';
import { ResultStore } from '../../src/tools/result-store';
import { MemoryStorage } from '../memory-storage';

function stores() {
  const browser = new MemoryStorage();
  const session = new MemoryStorage();
  return { browser, session, store: new CredentialStore(browser, session) };
}

describe('data credential store', () => {
  it('keeps a credential in this browser or for this tab only, as chosen', () => {
    const { browser, session, store } = stores();
    store.set('PG_PASSWORD', 'pw-1', 'browser', 'warehouse');
    store.set('API_TOKEN', 'tok-1', 'session', 'embedded');
    expect(JSON.parse(browser.getItem(CREDENTIALS_KEY)!)).toEqual({
      PG_PASSWORD: { value: 'pw-1', serverId: 'warehouse' },
    });
    expect(JSON.parse(session.getItem(CREDENTIALS_KEY)!)).toEqual({
      API_TOKEN: { value: 'tok-1', serverId: 'embedded' },
    });
    expect(store.names()).toEqual(['API_TOKEN', 'PG_PASSWORD']);
    expect([...store.values()]).toEqual([
      ['PG_PASSWORD', { value: 'pw-1', serverId: 'warehouse' }],
      ['API_TOKEN', { value: 'tok-1', serverId: 'embedded' }],
    ]);
    expect(store.persistence('API_TOKEN')).toBe('session');
  });

  it('moves a credential saved again elsewhere, and forgets a removed one everywhere', () => {
    const { browser, session, store } = stores();
    store.set('PG_PASSWORD', 'pw-1', 'browser', 'warehouse');
    store.set('PG_PASSWORD', 'pw-2', 'session', 'warehouse');
    expect(browser.getItem(CREDENTIALS_KEY)).toBeNull();
    expect(store.values().get('PG_PASSWORD')?.value).toBe('pw-2');
    store.remove('PG_PASSWORD');
    expect(session.getItem(CREDENTIALS_KEY)).toBeNull();
    expect(store.names()).toEqual([]);
  });

  it('refuses a name that cannot stand in a placeholder, an empty value, and no server', () => {
    const { store } = stores();
    expect(() => store.set('my password', 'x', 'session', 'embedded')).toThrow(
      "'my password' cannot name a credential",
    );
    expect(() => store.set('1ST', 'x', 'session', 'embedded')).toThrow('cannot name a credential');
    expect(() => store.set('EMPTY', '', 'session', 'embedded')).toThrow('needs a value');
    expect(() => store.set('NO_SERVER', 'x', 'session', '')).toThrow(
      'Choose the server whose tools may use NO_SERVER',
    );
  });

  it('keeps a credential saved before binding as unbound, until the person binds it where it is kept', () => {
    const { browser, store } = stores();
    browser.setItem(CREDENTIALS_KEY, '{"OLD_TOKEN": "tok-old-123"}');
    expect(store.values().get('OLD_TOKEN')).toEqual({ value: 'tok-old-123', serverId: undefined });
    expect(store.serverOf('OLD_TOKEN')).toBeUndefined();
    store.bind('OLD_TOKEN', 'warehouse');
    expect(store.persistence('OLD_TOKEN')).toBe('browser');
    expect(JSON.parse(browser.getItem(CREDENTIALS_KEY)!)).toEqual({
      OLD_TOKEN: { value: 'tok-old-123', serverId: 'warehouse' },
    });
    expect(() => store.bind('NOPE', 'warehouse')).toThrow('No credential is saved under NOPE');
  });

  it('ignores storage that is not a credential map, and tells listeners about changes', () => {
    const { browser, store } = stores();
    browser.setItem(CREDENTIALS_KEY, '["not", "a map"]');
    expect(store.names()).toEqual([]);
    browser.setItem(
      CREDENTIALS_KEY,
      '{"OK": "v", "bad name": "w", "N": 3, "NO_SERVER": {"value": "x"}, "BOUND": {"value": "y", "serverId": "s"}}',
    );
    expect(store.names()).toEqual(['BOUND', 'OK']);
    let changes = 0;
    store.onChange(() => (changes += 1));
    store.set('B', 'v', 'session', 'embedded');
    store.remove('B');
    expect(changes).toBe(2);
  });

  it('masks a credential in results kept for tables, charts and map layers', () => {
    const { store } = stores();
    store.set('API_TOKEN', 'tok-12345', 'session', 'embedded');
    const results = new ResultStore({ mask: (result) => maskCredentials(result, store.values()) });
    results.put({
      resultId: 'r1',
      serverId: 'embedded',
      sql: "SELECT 'tok-12345' AS token",
      columns: [{ name: 'token', type: 'VARCHAR' }],
      rows: [{ token: 'tok-12345' }],
      totalRows: 1,
    });
    expect(results.get('r1')?.rows).toEqual([{ token: '{{secret:API_TOKEN}}' }]);
    expect(results.get('r1')?.sql).toBe("SELECT '{{secret:API_TOKEN}}' AS token");
  });
});
