// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { CREDENTIALS_KEY, CredentialStore } from '../../src/settings/credential-store';
import { CredentialsSection } from '../../src/settings/credentials-section';
import { controlLabelled, descriptionOf } from './settings-labels';

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
  const field = <T extends HTMLElement>(label: string): T =>
    controlLabelled<T>(section.root, label);
  /** Each saved entry as a person reads it: placeholder, then where it goes and where it is kept. */
  const entries = () =>
    [...section.root.querySelectorAll('.mw-credential')].map((entry) => ({
      name: entry.querySelector('.mw-credential-name')?.textContent,
      meta: entry.querySelector('.mw-credential-meta')?.textContent,
      buttons: [...entry.querySelectorAll('button')].map((button) => button.textContent),
    }));
  return { store, section, byLabel, field, entries };
}

describe('CredentialsSection', () => {
  it('saves a credential for the server chosen, offering the in-page server first', () => {
    const { store, field, byLabel, entries } = mount(['warehouse', 'embedded']);
    const server = field<HTMLSelectElement>('For server');
    expect([...server.options].map((option) => option.value)).toEqual(['embedded', 'warehouse']);
    expect(server.value).toBe('embedded');
    field<HTMLInputElement>('Name').value = 'PG_PASSWORD';
    field<HTMLInputElement>('Value').value = 'pw-123456';
    server.value = 'warehouse';
    byLabel<HTMLButtonElement>('Save credential for data access').click();
    expect(store.values().get('PG_PASSWORD')).toEqual({
      value: 'pw-123456',
      serverId: 'warehouse',
    });
    expect(entries()).toEqual([
      {
        name: '{{secret:PG_PASSWORD}}',
        meta: 'for warehouse · this tab only',
        buttons: ['Remove'],
      },
    ]);
  });

  it('is a form with a visible label on every field, the hints tied to their fields', () => {
    const { field } = mount(['embedded']);
    const name = field<HTMLInputElement>('Name');
    expect(name.getAttribute('aria-label')).toBe('Credential name');
    expect(descriptionOf(name)).toContain('{{secret:NAME}}');
    const value = field<HTMLInputElement>('Value');
    expect(value.type).toBe('password');
    expect(value.getAttribute('aria-label')).toBe('Credential value');
    expect(field<HTMLSelectElement>('For server').tagName).toBe('SELECT');
    const remember = field<HTMLInputElement>('Remember in this browser');
    expect(remember.type).toBe('checkbox');
    expect(descriptionOf(remember)).toMatch(/tab closes/);
  });

  it('lists where a remembered credential is kept, and removes it', () => {
    const { store, field, byLabel, entries } = mount(['embedded']);
    field<HTMLInputElement>('Name').value = 'API_TOKEN';
    field<HTMLInputElement>('Value').value = 'tok-123456';
    field<HTMLInputElement>('Remember in this browser').checked = true;
    byLabel<HTMLButtonElement>('Save credential for data access').click();
    expect(entries()[0]?.meta).toBe('for embedded · remembered in this browser');
    byLabel<HTMLButtonElement>('Remove credential API_TOKEN').click();
    expect(store.names()).toEqual([]);
    expect(entries()).toEqual([]);
    expect(document.body.textContent).toContain('None saved.');
  });

  it('says a server is needed when none is known yet', () => {
    const { store, field, byLabel } = mount([]);
    field<HTMLInputElement>('Name').value = 'PG_PASSWORD';
    field<HTMLInputElement>('Value').value = 'pw-123456';
    byLabel<HTMLButtonElement>('Save credential for data access').click();
    expect(store.names()).toEqual([]);
    expect(document.body.textContent).toContain(
      'Choose the server whose tools may use PG_PASSWORD',
    );
  });

  it('lists a credential saved before binding as unbound, and binds it to the server chosen', () => {
    localStorage.setItem(CREDENTIALS_KEY, '{"OLD_TOKEN": "tok-old-123"}');
    const { store, byLabel, entries } = mount(['embedded', 'warehouse']);
    expect(entries()).toEqual([
      {
        name: '{{secret:OLD_TOKEN}}',
        meta: 'not bound to a server: no tool receives it · remembered in this browser',
        buttons: ['Bind', 'Remove'],
      },
    ]);
    byLabel<HTMLSelectElement>('Server whose tools may use OLD_TOKEN').value = 'warehouse';
    byLabel<HTMLButtonElement>('Bind credential OLD_TOKEN to the chosen server').click();
    expect(store.serverOf('OLD_TOKEN')).toBe('warehouse');
    expect(entries()[0]?.meta).toBe('for warehouse · remembered in this browser');
  });
});
