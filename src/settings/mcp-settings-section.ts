// Settings for MCP servers: add, remove, enable, disable, reconnect; status badges with the last error; per tool,
// enabled or not and its approval policy. A view: the hub holds the state and decides policies, and
// src/storage keeps the person's servers, switches and policies.
import { redactSecrets } from '../agent/redact/redact';
import { DEFAULT_BRIDGE_URL } from '../mcp/config/bridge-command';
import { isLoopbackUrl } from '../mcp/config/loopback-host';
import { EMBEDDED_SERVER_ID } from '../mcp/config/mcp-server-config';
import { addCopyButton } from '../ui/code-blocks';
import { button, element, settingsSection } from '../ui/dom';
import { settingsField, settingsSubform } from './settings-field';
import type { BridgeCommand } from '../mcp/config/bridge-command';
import type {
  ApprovalPolicy,
  McpServerConfig,
  McpServerState,
} from '../mcp/config/mcp-server-config';
import type { McpHub } from '../mcp/mcp-hub';

/** The servers a person added, as the settings read and keep them. */
export interface KeptServers {
  load(): McpServerConfig[];
  save(
    servers: McpServerConfig[],
    options?: { tokenPersistence?: Record<string, 'session' | 'browser'> },
  ): void;
  /** Keeps the person's switch of a publisher's server (from the config), so it stays as set after a reload. */
  switchPublisherServer?(serverId: string, enabled: boolean): void;
}

/** The approval select's value for "run without asking", remembered on this device. */
const REMEMBERED_AUTO = 'auto-remembered';

/** The choices of a tool's approval select: short enough to show whole in the policy column. */
export const APPROVAL_CHOICES = [
  { value: 'ask', text: 'ask each time', title: 'Ask before each call' },
  {
    value: 'auto',
    text: 'allow this session',
    title: 'Run without asking until the browser closes',
  },
  {
    value: REMEMBERED_AUTO,
    text: 'allow on device',
    title: 'Run without asking, remembered on this device',
  },
] as const;

/** The person's switch for reusing answers of read-only lookups (the registry applies it). */
export interface ReuseAnswersSwitch {
  on: boolean;
  /** How long an answer is reused, in minutes, as the publisher set it (0: never). */
  minutes: number;
  set(on: boolean): void;
}

/** The MCP servers section of the settings. */
export class McpSettingsSection {
  /** The element that holds the section. */
  readonly root: HTMLElement;
  private readonly list = element('div', { className: 'mw-servers' });
  private readonly userServers: McpServerConfig[];
  private readonly unsubscribe: () => void;

  constructor(
    private readonly hub: McpHub,
    /** The servers the person added, and where a change to them is kept (src/storage). */
    private readonly kept: KeptServers,
    reuse?: ReuseAnswersSwitch,
  ) {
    this.userServers = kept.load();
    this.unsubscribe = hub.onStatus(() => this.render());
    const url = element('input', {
      attributes: {
        type: 'url',
        name: 'serverUrl',
        'aria-label': 'New server URL',
        'aria-required': 'true',
        placeholder: 'http://127.0.0.1:3001/mcp',
        spellcheck: 'false',
        autocomplete: 'off',
      },
    });
    const id = element('input', {
      attributes: {
        type: 'text',
        name: 'serverId',
        'aria-label': 'New server id',
        placeholder: 'warehouse',
        spellcheck: 'false',
        autocomplete: 'off',
      },
    });
    const token = element('input', {
      attributes: { type: 'password', name: 'serverToken', autocomplete: 'off' },
    });
    const rememberToken = element('input', {
      attributes: { type: 'checkbox', name: 'rememberServerToken' },
    });
    const message = element('p', { className: 'mw-note', attributes: { role: 'status' } });
    const add = button(
      'Add server',
      () => {
        const config: McpServerConfig = {
          id: id.value.trim(),
          url: url.value.trim(),
          ...(token.value.trim()
            ? { headers: { Authorization: `Bearer ${token.value.trim()}` } }
            : {}),
        };
        if (!/^[\w-]+$/.test(config.id) || !config.url) {
          message.textContent = 'Give the server an id (letters, digits, - or _) and its URL.';
          return;
        }
        if (hub.servers().some((server) => server.id === config.id)) {
          message.textContent = `A server "${config.id}" exists already; choose another id.`;
          return;
        }
        this.userServers.push(config);
        this.kept.save(this.userServers, {
          tokenPersistence: { [config.id]: rememberToken.checked ? 'browser' : 'session' },
        });
        hub.addServer(config);
        void hub.connect(config.id).then(() => this.render());
        id.value = url.value = token.value = '';
        rememberToken.checked = false;
        message.textContent = `Added ${config.id}; connecting…`;
        this.render();
      },
      { className: 'mw-button mw-button-primary', ariaLabel: 'Add server to the MCP servers' },
    );
    const reuseBox = element('input', { attributes: { type: 'checkbox', name: 'reuseAnswers' } });
    reuseBox.checked = reuse?.on ?? false;
    reuseBox.addEventListener('change', () => reuse?.set(reuseBox.checked));
    const reuseField =
      reuse && reuse.minutes > 0
        ? settingsField('Reuse answers of repeated lookups', reuseBox, {
            checkbox: true,
            hint: `The same list_tables or describe_table call within ${reuse.minutes} min is answered from the earlier answer, without a card or a call to the server; the chat marks it "reused".`,
          })
        : undefined;
    this.root = settingsSection('MCP servers', 'mw-mcp-settings', [
      this.list,
      ...(reuseField ? [reuseField] : []),
      settingsSubform('Add a server', 'mw-add-server', [
        settingsField('Server URL', url, {
          hint: 'Required: its Streamable HTTP or SSE endpoint.',
        }),
        settingsField('ID', id, {
          hint: 'How it is listed here and chosen for credentials: letters, digits, - or _.',
        }),
        settingsField('Bearer token (optional)', token, {
          hint: 'Sent to this server in the Authorization header. Leave it empty if the server needs none or asks you to sign in.',
        }),
        settingsField('Remember the token on this device', rememberToken, {
          checkbox: true,
          hint: 'Kept after this tab closes; otherwise forgotten when it closes.',
        }),
        element('div', { className: 'mw-settings-actions', children: [add] }),
      ]),
      message,
    ]);
    this.render();
  }

  private saveServers(): void {
    this.kept.save(this.userServers);
  }

  /** Stops following the hub's status (the settings are gone for good). */
  destroy(): void {
    this.unsubscribe();
  }

  private render(): void {
    this.list.replaceChildren(
      ...this.hub.servers().map((server) => {
        const badge = element('span', { className: 'mw-badge', text: server.status });
        badge.dataset.status = server.status;
        const enabled = server.status !== 'disconnected';
        const toggle = button(
          enabled ? 'Disable' : 'Enable',
          () => {
            // The person's own servers remember the choice, so a disabled one stays off after a reload.
            // The publisher's servers are remembered apart: the config itself is not the person's.
            const saved = this.userServers.find((candidate) => candidate.id === server.id);
            if (saved) {
              saved.enabled = !enabled;
              this.saveServers();
            } else {
              this.kept.switchPublisherServer?.(server.id, !enabled);
            }
            void (enabled ? this.hub.disconnect(server.id) : this.hub.connect(server.id)).then(() =>
              this.render(),
            );
          },
          { ariaLabel: `${enabled ? 'Disable' : 'Enable'} server ${server.name}` },
        );
        // A server that went away reconnects on its own; the person may also try at once, or again
        // once the hub gave up.
        const reconnect =
          server.status === 'error' || server.status === 'reconnecting'
            ? button(
                'Reconnect',
                () => void this.hub.reconnect(server.id).then(() => this.render()),
                { ariaLabel: `Reconnect server ${server.name}` },
              )
            : undefined;
        const removable = server.id !== EMBEDDED_SERVER_ID;
        const remove = removable
          ? button(
              'Remove',
              () => {
                const index = this.userServers.findIndex((candidate) => candidate.id === server.id);
                if (index >= 0) this.userServers.splice(index, 1);
                this.saveServers();
                void this.hub.removeServer(server.id).then(() => this.render());
              },
              { ariaLabel: `Remove server ${server.name}` },
            )
          : undefined;
        return element('div', {
          className: 'mw-server',
          children: [
            element('div', {
              className: 'mw-server-head',
              children: [
                element('strong', { className: 'mw-server-name', text: server.name }),
                badge,
                element('span', {
                  className: 'mw-server-actions',
                  children: [reconnect, toggle, remove],
                }),
              ],
            }),
            server.signIn
              ? signInControls(this.hub, server.id, server.name, server.signIn)
              : undefined,
            server.lastError && !server.signIn?.url
              ? element('p', {
                  className: 'mw-note',
                  text: `Last error: ${redactSecrets(server.lastError)}`,
                })
              : undefined,
            server.bridgeCommand && !server.signIn?.url
              ? bridgeAdvice(server.bridgeCommand)
              : undefined,
            server.tools.length > 0 ? this.toolTable(server) : undefined,
          ],
        });
      }),
    );
  }

  /**
   * A server's tools as two aligned columns: the switch and name (truncated, whole in its title), and the
   * approval policy in a column of fixed width, so every select lines up and stays on its tool's row.
   */
  private toolTable(server: McpServerState): HTMLElement {
    const rows = server.tools.map((tool) => {
      const checkbox = element('input', {
        attributes: { type: 'checkbox', 'aria-label': `Enable ${tool.name} on ${server.name}` },
      });
      checkbox.checked = tool.enabled;
      checkbox.addEventListener('change', () =>
        this.hub.setToolEnabled(server.id, tool.name, checkbox.checked),
      );
      const policy = element('select', {
        attributes: { 'aria-label': `Approval policy of ${tool.name}` },
      });
      // "Run without asking" is for this session; keeping it on this device is a second, explicit choice.
      // The labels fit the column's fixed width, so the closed select tells the two apart; the title
      // says each in full.
      policy.append(
        ...APPROVAL_CHOICES.map(({ value, text, title }) =>
          element('option', { text, attributes: { value, title } }),
        ),
      );
      const remembered = this.hub.policySetBy(server.id, tool.name) === 'person-remembered';
      const current = this.hub.policyFor(server.id, tool.name);
      policy.value = current === 'auto' && remembered ? REMEMBERED_AUTO : current;
      policy.addEventListener('change', () =>
        policy.value === REMEMBERED_AUTO
          ? this.hub.setToolPolicy(server.id, tool.name, 'auto', true)
          : this.hub.setToolPolicy(server.id, tool.name, policy.value as ApprovalPolicy),
      );
      return element('tr', {
        children: [
          element('td', {
            children: [
              element('label', {
                className: 'mw-tool-switch',
                attributes: { title: tool.name },
                children: [
                  checkbox,
                  element('code', { className: 'mw-tool-name', text: tool.name }),
                ],
              }),
            ],
          }),
          element('td', { children: [policy] }),
        ],
      });
    });
    return element('table', {
      className: 'mw-server-tools',
      attributes: { 'aria-label': `Tools of ${server.name}` },
      children: [
        element('thead', {
          children: [
            element('tr', {
              children: [
                element('th', { text: 'Tool', attributes: { scope: 'col' } }),
                element('th', { text: 'Approval', attributes: { scope: 'col' } }),
              ],
            }),
          ],
        }),
        element('tbody', { children: rows }),
      ],
    });
  }
}

/**
 * What to do when the browser got no answer: a server without CORS headers cannot be told apart from one
 * that is down, so both are named, with the bridge command (copyable) for the first. The command holds
 * no secret (those come from variables it names), so the text shown is the text copied, unmasked.
 */
function bridgeAdvice({ command, variables }: BridgeCommand): HTMLElement {
  const code = element('pre', {
    className: 'mw-bridge-command',
    children: [element('code', { text: command })],
  });
  const block = element('div', { className: 'mw-code', children: [code] });
  addCopyButton(block, () => command, 'Copy command');
  return element('div', {
    className: 'mw-note mw-bridge-advice',
    children: [
      element('p', { text: 'To bridge it, run this on this computer, in a Mapwright checkout:' }),
      ...variables.map((variable) =>
        element('p', {
          className: 'mw-bridge-variable',
          text: `First set ${variable.name} in that shell to ${variable.holds}.`,
        }),
      ),
      block,
      element('p', { text: `Then add ${DEFAULT_BRIDGE_URL} as a server.` }),
    ],
  });
}

/** True for an address a sign-in may open: https, or http on this machine (a local test server). */
function openableSignInUrl(url: string): boolean {
  try {
    const protocol = new URL(url).protocol;
    return protocol === 'https:' || (protocol === 'http:' && isLoopbackUrl(url));
  } catch {
    return false;
  }
}

/**
 * Sign in (a link to the server's authorization page, opened in a new window on the person's click; the
 * callback page reports back to this tab), or Signed in with Sign out; and where the sign-in is kept.
 */
function signInControls(
  hub: McpHub,
  serverId: string,
  name: string,
  signIn: { url?: string; signedIn: boolean; remembered: boolean },
): HTMLElement {
  const remember = element('input', {
    attributes: { type: 'checkbox', 'aria-label': `Stay signed in to ${name} on this device` },
  });
  remember.checked = signIn.remembered;
  remember.addEventListener('change', () => hub.rememberSignIn(serverId, remember.checked));
  const rememberLabel = element('label', {
    className: 'mw-sign-in-remember',
    children: [remember, element('span', { text: ' Stay signed in on this device' })],
  });
  if (signIn.url && openableSignInUrl(signIn.url)) {
    const link = element('a', {
      className: 'mw-button mw-button-primary mw-sign-in',
      text: `Sign in to ${name}`,
      attributes: { href: signIn.url, target: 'mapwright-sign-in' },
    });
    return element('div', {
      className: 'mw-note mw-sign-in-needed',
      children: [
        element('p', { text: `${name} asks you to sign in before it lists its tools.` }),
        link,
        rememberLabel,
      ],
    });
  }
  if (signIn.url) {
    return element('p', {
      className: 'mw-note',
      text: `${name} asks you to sign in at an address this page will not open (${signIn.url.slice(0, 80)}).`,
    });
  }
  return element('div', {
    className: 'mw-sign-in-done',
    children: [
      element('span', { text: 'Signed in. ' }),
      button('Sign out', () => void hub.signOut(serverId), {
        className: 'mw-button',
        ariaLabel: `Sign out of ${name}`,
      }),
      rememberLabel,
    ],
  });
}
