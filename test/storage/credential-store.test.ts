import { describe, expect, it } from 'vitest';
import { CREDENTIALS_KEY, CredentialStore } from '../../src/storage/credential-store';
import { maskCredentials } from '../../src/tools/credential-placeholders';
import { ResultStore } from '../../src/tools/result-store';

/** The Web Storage API over a Map (Node has no localStorage). */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
}

function stores() {
  const browser = new MemoryStorage();
  const session = new MemoryStorage();
  return { browser, session, store: new CredentialStore(browser, session) };
}

describe('data credential store', () => {
  it('keeps a credential in this browser or for this tab only, as chosen', () => {
    const { browser, session, store } = stores();
    store.set('PG_PASSWORD', 'pw-1', 'browser');
    store.set('API_TOKEN', 'tok-1', 'session');
    expect(JSON.parse(browser.getItem(CREDENTIALS_KEY)!)).toEqual({ PG_PASSWORD: 'pw-1' });
    expect(JSON.parse(session.getItem(CREDENTIALS_KEY)!)).toEqual({ API_TOKEN: 'tok-1' });
    expect(store.names()).toEqual(['API_TOKEN', 'PG_PASSWORD']);
    expect([...store.values()]).toEqual([
      ['PG_PASSWORD', 'pw-1'],
      ['API_TOKEN', 'tok-1'],
    ]);
    expect(store.persistence('API_TOKEN')).toBe('session');
  });

  it('moves a credential saved again elsewhere, and forgets a removed one everywhere', () => {
    const { browser, session, store } = stores();
    store.set('PG_PASSWORD', 'pw-1', 'browser');
    store.set('PG_PASSWORD', 'pw-2', 'session');
    expect(browser.getItem(CREDENTIALS_KEY)).toBeNull();
    expect(store.values().get('PG_PASSWORD')).toBe('pw-2');
    store.remove('PG_PASSWORD');
    expect(session.getItem(CREDENTIALS_KEY)).toBeNull();
    expect(store.names()).toEqual([]);
  });

  it('refuses a name that cannot stand in a placeholder, and an empty value', () => {
    const { store } = stores();
    expect(() => store.set('my password', 'x', 'session')).toThrow(
      "'my password' cannot name a credential",
    );
    expect(() => store.set('1ST', 'x', 'session')).toThrow('cannot name a credential');
    expect(() => store.set('EMPTY', '', 'session')).toThrow('needs a value');
  });

  it('ignores storage that is not a credential map, and tells listeners about changes', () => {
    const { browser, store } = stores();
    browser.setItem(CREDENTIALS_KEY, '["not", "a map"]');
    expect(store.names()).toEqual([]);
    browser.setItem(CREDENTIALS_KEY, '{"OK": "v", "bad name": "w", "N": 3}');
    expect(store.names()).toEqual(['OK']);
    let changes = 0;
    store.onChange(() => (changes += 1));
    store.set('B', 'v', 'session');
    store.remove('B');
    expect(changes).toBe(2);
  });

  it('masks a credential in results kept for tables, charts and map layers', () => {
    const { store } = stores();
    store.set('API_TOKEN', 'tok-12345', 'session');
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
