// Settings for data credentials: the person saves a value under a name for one MCP server, and that
// server's tools use it as `{{secret:NAME}}`, filled in only when an approved call runs. Values are never
// shown again. A credential saved before credentials were bound to servers is listed as unbound, with a
// server to choose: until then no tool receives it.
import { errorMessage } from '../errors/error-message';
import { EMBEDDED_SERVER_ID } from '../mcp/config/mcp-server-config';
import { credentialPlaceholder } from '../tools/credential-placeholders';
import { button, element, settingsSection } from '../ui/dom';
import { settingsField, settingsSubform } from './settings-field';
import type { CredentialPersistence, CredentialStore } from './credential-store';

function errorText(error: unknown): string {
  return errorMessage(error);
}

/** The data credentials section of the settings. */
export class CredentialsSection {
  /** The element that holds the section. */
  readonly root: HTMLElement;
  private readonly list = element('ul', {
    className: 'mw-credentials',
    attributes: { 'aria-label': 'Saved credentials' },
  });
  private readonly server = element('select', { attributes: { name: 'credentialServer' } });
  private readonly message = element('p', {
    className: 'mw-settings-message',
    attributes: { role: 'status' },
  });

  /** `servers` lists the ids of the MCP servers a credential can be bound to, read when shown. */
  constructor(
    private readonly store: CredentialStore,
    private readonly servers: () => string[],
  ) {
    const name = element('input', {
      attributes: {
        type: 'text',
        name: 'credentialName',
        'aria-label': 'Credential name',
        placeholder: 'PG_PASSWORD',
        spellcheck: 'false',
        autocomplete: 'off',
      },
    });
    const value = element('input', {
      attributes: {
        type: 'password',
        name: 'credentialValue',
        'aria-label': 'Credential value',
        autocomplete: 'off',
      },
    });
    const remember = element('input', { attributes: { type: 'checkbox' } });
    // Servers added in the MCP section while the settings are open appear when the list is opened.
    this.server.addEventListener('focus', () => this.fillServers(this.server));
    const save = button(
      'Save credential',
      () => {
        const persistence: CredentialPersistence = remember.checked ? 'browser' : 'session';
        const serverId = this.server.value;
        try {
          store.set(name.value.trim(), value.value, persistence, serverId);
        } catch (error) {
          this.say(errorText(error), false);
          return;
        }
        this.say(
          `Saved; the tools of ${serverId} can use it as ${credentialPlaceholder(name.value.trim())}.`,
          true,
        );
        name.value = value.value = '';
        this.render();
      },
      { className: 'mw-button mw-button-primary', ariaLabel: 'Save credential for data access' },
    );
    this.root = settingsSection('Data credentials', 'mw-credential-settings', [
      element('p', {
        className: 'mw-section-intro',
        text: 'Passwords or tokens your data needs, each for one server. The agent writes {{secret:NAME}} in a call to that server’s tools; the value is filled in only when the approved call runs, never for another server, and the model never sees it.',
      }),
      this.list,
      settingsSubform('Add a credential', 'mw-add-credential', [
        settingsField('Name', name, {
          hint: 'How the agent refers to it: {{secret:NAME}}. Letters, digits and _.',
        }),
        settingsField('Value', value, { hint: 'Never shown again once saved.' }),
        settingsField('For server', this.server, {
          hint: 'Only this server’s tools receive the value.',
        }),
        settingsField('Remember in this browser', remember, {
          checkbox: true,
          hint: 'Kept after this tab closes; otherwise forgotten when it closes.',
        }),
        element('div', { className: 'mw-settings-actions', children: [save] }),
      ]),
      this.message,
    ]);
    this.render();
  }

  /** Shows the outcome of the last action, coloured as a success or a problem. */
  private say(text: string, ok: boolean): void {
    this.message.textContent = text;
    this.message.dataset.ok = String(ok);
  }

  /** Offers the known servers in `select`, keeping its choice; the in-page server first. */
  private fillServers(select: HTMLSelectElement): void {
    const ids = [...new Set(this.servers())].sort((left, right) =>
      left === EMBEDDED_SERVER_ID
        ? -1
        : right === EMBEDDED_SERVER_ID
          ? 1
          : left.localeCompare(right),
    );
    const chosen = select.value;
    select.replaceChildren(
      ...(ids.length === 0
        ? [element('option', { text: 'no server yet', attributes: { value: '' } })]
        : ids.map((id) => element('option', { text: id, attributes: { value: id } }))),
    );
    if (ids.includes(chosen)) select.value = chosen;
  }

  private render(): void {
    this.fillServers(this.server);
    const credentials = this.store.values();
    const names = this.store.names();
    this.list.replaceChildren(
      ...(names.length === 0
        ? [element('li', { className: 'mw-credentials-empty', text: 'None saved.' })]
        : names.map((name) => {
            const serverId = credentials.get(name)?.serverId;
            const kept =
              this.store.persistence(name) === 'browser'
                ? 'remembered in this browser'
                : 'this tab only';
            return element('li', {
              className: 'mw-credential',
              children: [
                element('div', {
                  className: 'mw-credential-summary',
                  children: [
                    element('code', {
                      className: 'mw-credential-name',
                      text: credentialPlaceholder(name),
                    }),
                    element('small', {
                      className: 'mw-credential-meta',
                      text: `${serverId === undefined ? 'not bound to a server: no tool receives it' : `for ${serverId}`} · ${kept}`,
                    }),
                  ],
                }),
                element('div', {
                  className: 'mw-credential-actions',
                  children: [
                    serverId === undefined ? this.bindControls(name) : undefined,
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
              ],
            });
          })),
    );
  }

  /** A server choice and a Bind button for a credential saved before credentials had a server. */
  private bindControls(name: string): HTMLElement {
    const select = element('select', {
      attributes: { 'aria-label': `Server whose tools may use ${name}` },
    });
    this.fillServers(select);
    return element('span', {
      className: 'mw-bind-credential',
      children: [
        select,
        button(
          'Bind',
          () => {
            try {
              this.store.bind(name, select.value);
            } catch (error) {
              this.say(errorText(error), false);
              return;
            }
            this.say(
              `${credentialPlaceholder(name)} is now used only by the tools of ${select.value}.`,
              true,
            );
            this.render();
          },
          { ariaLabel: `Bind credential ${name} to the chosen server` },
        ),
      ],
    });
  }
}
