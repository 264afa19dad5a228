// Settings for data credentials: the person saves a value under a name, and tools use it as
// `{{secret:NAME}}`, filled in only when an approved call runs. Values are never shown again.
import { credentialPlaceholder } from '../tools/credential-placeholders';
import { button, element, settingsSection } from './dom';
import type { CredentialPersistence, CredentialStore } from '../storage/credential-store';

/** The data credentials section of the settings. */
export class CredentialsSection {
  /** The element that holds the section. */
  readonly root: HTMLElement;
  private readonly list = element('ul', { className: 'mw-credentials' });

  constructor(private readonly store: CredentialStore) {
    const name = element('input', {
      attributes: {
        type: 'text',
        'aria-label': 'Credential name',
        placeholder: 'name, e.g. PG_PASSWORD',
      },
    });
    const value = element('input', {
      attributes: {
        type: 'password',
        'aria-label': 'Credential value',
        placeholder: 'value',
        autocomplete: 'off',
      },
    });
    const remember = element('input', {
      attributes: { type: 'checkbox', 'aria-label': 'Remember this credential in this browser' },
    });
    const message = element('p', { className: 'mw-note', attributes: { role: 'status' } });
    const save = button(
      'Save credential',
      () => {
        const persistence: CredentialPersistence = remember.checked ? 'browser' : 'session';
        try {
          store.set(name.value.trim(), value.value, persistence);
        } catch (error) {
          message.textContent = error instanceof Error ? error.message : String(error);
          return;
        }
        message.textContent = `Saved; tools can use it as ${credentialPlaceholder(name.value.trim())}.`;
        name.value = value.value = '';
        this.render();
      },
      { ariaLabel: 'Save this data credential' },
    );
    this.root = settingsSection('Data credentials', 'mw-credential-settings', [
      element('p', {
        className: 'mw-note',
        text: 'Passwords or tokens your data needs. The agent writes {{secret:NAME}} in a tool call; the value is filled in only when the approved call runs, and the model never sees it.',
      }),
      this.list,
      element('div', {
        className: 'mw-add-credential',
        children: [
          name,
          value,
          element('label', {
            children: [remember, document.createTextNode(' remember in this browser')],
          }),
          save,
        ],
      }),
      message,
    ]);
    this.render();
  }

  private render(): void {
    const names = this.store.names();
    this.list.replaceChildren(
      ...(names.length === 0
        ? [element('li', { className: 'mw-note', text: 'None saved.' })]
        : names.map((name) =>
            element('li', {
              children: [
                element('code', { text: credentialPlaceholder(name) }),
                element('span', {
                  className: 'mw-note',
                  text:
                    this.store.persistence(name) === 'browser' ? ' remembered ' : ' this tab only ',
                }),
                button(
                  'Remove',
                  () => {
                    this.store.remove(name);
                    this.render();
                  },
                  { ariaLabel: `Remove credential ${name}` },
                ),
              ],
            }),
          )),
    );
  }
}
