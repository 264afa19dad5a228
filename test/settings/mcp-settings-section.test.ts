// @vitest-environment jsdom
// The MCP servers section over a real hub and an in-memory server: each server a card, its tools as
// rows of switch + name and policy under the headings Tool and Approval, and a labelled add form.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../src/mcp';
import {
  loadUserServers,
  saveUserServers,
  SERVER_TOKENS_KEY,
  USER_SERVERS_KEY,
} from '../../src/settings/mcp-preferences-store';
import { McpSettingsSection } from '../../src/settings/mcp-settings-section';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { freePort } from '../mcp/spawn-loopback-server';
import { controlLabelled, descriptionOf } from './settings-labels';

const LONG_NAME = 'describe_table_with_a_name_longer_than_a_phone_is_wide';

function server(): Server {
  const made = new Server({ name: 'tools', version: '1.0.0' }, { capabilities: { tools: {} } });
  made.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: ['query', LONG_NAME].map((name) => ({
      name,
      description: name,
      inputSchema: { type: 'object' as const, properties: {} },
    })),
  }));
  return made;
}

let hub: McpHub | undefined;

afterEach(async () => {
  await hub?.close();
  localStorage.clear();
  document.body.replaceChildren();
});

async function mount() {
  hub = new McpHub({ registry: new ToolRegistry() });
  hub.addServer({ id: 'lake', name: 'Lake', transport: 'embedded' }, server);
  await hub.connect('lake');
  const section = new McpSettingsSection(hub, {
    load: () => loadUserServers(),
    save: saveUserServers,
  });
  document.body.append(section.root);
  return { hub, section, root: section.root };
}

describe('McpSettingsSection', () => {
  it('shows a server’s tools as rows of switch, name and approval policy under column headings', async () => {
    const { hub, root } = await mount();
    const table = root.querySelector('.mw-server table');
    expect(table?.getAttribute('aria-label')).toBe('Tools of Lake');
    expect(
      [...(table?.querySelectorAll('thead th') ?? [])].map((cell) => cell.textContent),
    ).toEqual(['Tool', 'Approval']);
    expect(root.querySelectorAll('.mw-server ul, .mw-server li')).toHaveLength(0);
    const rows = [...(table?.querySelectorAll('tbody tr') ?? [])].map((row) => ({
      name: row.querySelector('label')?.textContent,
      title: row.querySelector('label')?.title,
      switch: row.querySelector('td:first-child input[type=checkbox]')?.getAttribute('aria-label'),
      policy: row.querySelector('td:last-child select')?.getAttribute('aria-label'),
    }));
    expect(rows).toEqual([
      {
        name: 'query',
        title: 'query',
        switch: 'Enable query on Lake',
        policy: 'Approval policy of query',
      },
      {
        name: LONG_NAME,
        title: LONG_NAME,
        switch: `Enable ${LONG_NAME} on Lake`,
        policy: `Approval policy of ${LONG_NAME}`,
      },
    ]);
    const policy = root.querySelector<HTMLSelectElement>('[aria-label="Approval policy of query"]');
    if (!policy) throw new Error('no policy select');
    policy.value = 'auto';
    policy.dispatchEvent(new Event('change'));
    expect(hub.policyFor('lake', 'query')).toBe('auto');
  });

  it('labels the three approval choices apart in words that fit the fixed policy column', async () => {
    const { root } = await mount();
    const policy = root.querySelector<HTMLSelectElement>('[aria-label="Approval policy of query"]');
    const choices = [...(policy?.options ?? [])].map((option) => [option.value, option.text]);
    expect(choices).toEqual([
      ['ask', 'ask each time'],
      ['auto', 'allow this session'],
      ['auto-remembered', 'allow on device'],
    ]);
    // A longer label is cut by the column (11.5rem): "this session" and "on this device" looked alike.
    for (const [, text] of choices) expect(text?.length).toBeLessThanOrEqual(18);
    expect([...(policy?.options ?? [])].map((option) => option.title)).toEqual([
      'Ask before each call',
      'Run without asking until the browser closes',
      'Run without asking, remembered on this device',
    ]);
  });

  it('adds a server from a form whose fields have visible labels and hints', async () => {
    const { hub, root } = await mount();
    const url = controlLabelled<HTMLInputElement>(root, 'Server URL');
    expect(url.getAttribute('aria-label')).toBe('New server URL');
    expect(url.getAttribute('aria-required')).toBe('true');
    expect(descriptionOf(url)).toContain('Streamable HTTP or SSE');
    const id = controlLabelled<HTMLInputElement>(root, 'ID');
    expect(id.getAttribute('aria-label')).toBe('New server id');
    const token = controlLabelled<HTMLInputElement>(root, 'Bearer token (optional)');
    expect(token.type).toBe('password');
    const add = root.querySelector<HTMLButtonElement>(
      '[aria-label="Add server to the MCP servers"]',
    );
    expect(add?.textContent).toBe('Add server');

    url.value = 'http://127.0.0.1:9/mcp';
    add?.click();
    expect(root.textContent).toContain(
      'Give the server an id (letters, digits, - or _) and its URL.',
    );
    id.value = 'lake';
    add?.click();
    expect(root.textContent).toContain('A server "lake" exists already; choose another id.');
    expect(hub.servers().map((known) => known.id)).toEqual(['lake']);
  });

  it('offers Reconnect on a server in error (not on a connected one), which connects it again at once', async () => {
    const { hub, root } = await mount();
    const closed = `http://127.0.0.1:${await freePort()}/mcp`;
    hub.addServer({ id: 'down', url: closed, transport: 'streamable-http' });
    await hub.connect('down');
    const row = [...root.querySelectorAll('.mw-server')].find((each) =>
      each.textContent?.includes('down'),
    );
    expect(row?.querySelector('.mw-badge')?.textContent).toBe('error');
    expect(row?.textContent).toContain('so the server is down or the address is wrong');
    expect(root.querySelector('[aria-label="Reconnect server Lake"]')).toBeNull();
    const reconnect = row?.querySelector<HTMLButtonElement>('[aria-label="Reconnect server down"]');
    expect(reconnect?.textContent).toBe('Reconnect');
    const statuses: string[] = [];
    hub.onStatus((event) => statuses.push(event.status));
    reconnect?.click();
    await hub.ready('down');
    expect(statuses[0]).toBe('connecting');
    expect(statuses.at(-1)).toBe('error');
  }, 20_000);
});

describe('a server’s bearer token', () => {
  afterEach(() => sessionStorage.clear());

  /** Adds a server with a token through the form; `remember` ticks the device box first. */
  async function addWithToken(remember: boolean) {
    const { hub, root } = await mount();
    controlLabelled<HTMLInputElement>(root, 'Server URL').value = 'http://127.0.0.1:9/mcp';
    controlLabelled<HTMLInputElement>(root, 'ID').value = 'warehouse';
    controlLabelled<HTMLInputElement>(root, 'Bearer token (optional)').value = 'tok-123456';
    const rememberBox = controlLabelled<HTMLInputElement>(
      root,
      'Remember the token on this device',
    );
    expect(rememberBox.type).toBe('checkbox');
    expect(rememberBox.checked).toBe(false);
    expect(descriptionOf(rememberBox)).toContain('forgotten when it closes');
    rememberBox.checked = remember;
    root.querySelector<HTMLButtonElement>('[aria-label="Add server to the MCP servers"]')?.click();
    await hub.removeServer('warehouse');
    return rememberBox;
  }

  it('is kept for this tab only unless the person ticks the box', async () => {
    await addWithToken(false);
    expect(localStorage.getItem(USER_SERVERS_KEY)).not.toContain('tok-123456');
    expect(localStorage.getItem(SERVER_TOKENS_KEY)).toBeNull();
    expect(sessionStorage.getItem(SERVER_TOKENS_KEY)).toContain('tok-123456');
    expect(loadUserServers()[0]?.headers).toEqual({ Authorization: 'Bearer tok-123456' });
  });

  it('is kept on the device when the box is ticked, and the box is cleared for the next server', async () => {
    const rememberBox = await addWithToken(true);
    expect(rememberBox.checked).toBe(false);
    expect(sessionStorage.getItem(SERVER_TOKENS_KEY)).toBeNull();
    expect(localStorage.getItem(SERVER_TOKENS_KEY)).toContain('tok-123456');
    expect(localStorage.getItem(USER_SERVERS_KEY)).not.toContain('tok-123456');
  });
});
