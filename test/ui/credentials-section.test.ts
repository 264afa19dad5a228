// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CREDENTIALS_KEY, CredentialStore } from '../../src/storage/credential-store';
import { CredentialsSection } from '../../src/ui/credentials-section';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  document.body.replaceChildren();
});

function mount(servers: string[]) {
  const store = new CredentialStore(localStorage, sessionStorage);
  const section = new CredentialsSection(store, () => servers);
  document.body.append(section.root);
  const byLabel = <T extends HTMLElement>(label: string): T => {
    const found = section.root.querySelector<T>(`[aria-label="${label}"]`);
    if (!found) throw new Error(`nothing labelled ${label}`);
    return found;
  };
  return { store, section, byLabel };
}

describe('CredentialsSection', () => {
  it('saves a credential for the server chosen, offering the in-page server first', () => {
    const { store, section, byLabel } = mount(['warehouse', 'embedded']);
    const server = byLabel<HTMLSelectElement>('Server whose tools may use this credential');
    expect([...server.options].map((option) => option.value)).toEqual(['embedded', 'warehouse']);
    expect(server.value).toBe('embedded');
    byLabel<HTMLInputElement>('Credential name').value = 'PG_PASSWORD';
    byLabel<HTMLInputElement>('Credential value').value = 'pw-123456';
    server.value = 'warehouse';
    byLabel<HTMLButtonElement>('Save credential for data access').click();
    expect(store.values().get('PG_PASSWORD')).toEqual({
      value: 'pw-123456',
      serverId: 'warehouse',
    });
    expect(section.root.querySelector('.mw-credentials')?.textContent).toContain(
      '{{secret:PG_PASSWORD}} for warehouse',
    );
  });

  it('says a server is needed when none is known yet', () => {
    const { store, byLabel } = mount([]);
    byLabel<HTMLInputElement>('Credential name').value = 'PG_PASSWORD';
    byLabel<HTMLInputElement>('Credential value').value = 'pw-123456';
    byLabel<HTMLButtonElement>('Save credential for data access').click();
    expect(store.names()).toEqual([]);
    expect(document.body.textContent).toContain(
      'Choose the server whose tools may use PG_PASSWORD',
    );
  });

  it('lists a credential saved before binding as unbound, and binds it to the server chosen', () => {
    localStorage.setItem(CREDENTIALS_KEY, '{"OLD_TOKEN": "tok-old-123"}');
    const { store, section, byLabel } = mount(['embedded', 'warehouse']);
    expect(section.root.querySelector('.mw-credentials')?.textContent).toContain(
      '{{secret:OLD_TOKEN}} not bound to a server',
    );
    byLabel<HTMLSelectElement>('Server whose tools may use OLD_TOKEN').value = 'warehouse';
    byLabel<HTMLButtonElement>('Bind credential OLD_TOKEN to the chosen server').click();
    expect(store.serverOf('OLD_TOKEN')).toBe('warehouse');
    expect(section.root.querySelector('.mw-credentials')?.textContent).toContain(
      '{{secret:OLD_TOKEN}} for warehouse, remembered',
    );
  });
});
