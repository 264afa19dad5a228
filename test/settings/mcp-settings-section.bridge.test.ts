// @vitest-environment jsdom
// The bridge command Settings offers for a server the browser gets no answer from: what the person
// reads is what Copy puts on the clipboard, and neither holds the server's token or the key in its URL;
// the advice names the variables to set instead.
import { afterEach, describe, expect, it } from 'vitest';
import { McpHub } from '../../src/mcp';
import { loadUserServers, saveUserServers } from '../../src/settings/mcp-preferences-store';
import { McpSettingsSection } from '../../src/settings/mcp-settings-section';
import { ToolRegistry } from '../../src/tools/tool-registry';

let hub: McpHub | undefined;
let copied: string | undefined;

afterEach(async () => {
  await hub?.close();
  hub = undefined;
  copied = undefined;
  localStorage.clear();
  document.body.replaceChildren();
});

async function adviceFor(url: string, headers?: Record<string, string>): Promise<HTMLElement> {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: { writeText: (text: string) => Promise.resolve(void (copied = text)) },
  });
  // A server that sends no CORS headers: the page's requests get no answer, but a no-cors probe does.
  const fetch = (_input: unknown, init?: RequestInit) =>
    init?.mode === 'no-cors'
      ? Promise.resolve(new Response(null, { status: 200 }))
      : Promise.reject(new TypeError('Failed to fetch'));
  hub = new McpHub({
    registry: new ToolRegistry(),
    fetch,
    retry: { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 },
  });
  hub.addServer({ id: 'desk', url, transport: 'streamable-http', ...(headers ? { headers } : {}) });
  const section = new McpSettingsSection(hub, {
    load: () => loadUserServers(),
    save: saveUserServers,
  });
  document.body.append(section.root);
  await hub.connect('desk');
  const advice = section.root.querySelector<HTMLElement>('.mw-bridge-advice');
  if (!advice) throw new Error(`no bridge advice in ${section.root.textContent}`);
  return advice;
}

async function copy(advice: HTMLElement): Promise<string | undefined> {
  advice.querySelector<HTMLButtonElement>('button.mw-copy')?.click();
  await new Promise((done) => setTimeout(done, 0));
  return copied;
}

describe('the bridge command in Settings', () => {
  it('copies exactly the text it shows, with every argument quoted', async () => {
    const url = 'https://mcp.example.org/mcp?x=1&id&echo,INJECTED';
    const advice = await adviceFor(url);
    const shown = advice.querySelector('code')?.textContent;
    expect(shown).toBe(`npm run mcp-bridge -- '${url}'`);
    expect(await copy(advice)).toBe(shown);
  });

  it('keeps a token and a key in the URL out of the command, and says which variables to set', async () => {
    const advice = await adviceFor('https://mcp.example.org/mcp?api_key=abcdef123456&x=1', {
      Authorization: 'Bearer tok-9f8e7d6c5b4a',
    });
    const shown = advice.querySelector('code')?.textContent ?? '';
    expect(await copy(advice)).toBe(shown);
    expect(shown).toBe(
      "npm run mcp-bridge -- --header-env 'Authorization=MAPWRIGHT_MCP_HEADER_AUTHORIZATION' --url-env MAPWRIGHT_MCP_URL",
    );
    expect(advice.textContent).not.toContain('tok-9f8e7d6c5b4a');
    expect(advice.textContent).not.toContain('abcdef123456');
    expect(advice.textContent).not.toContain('REDACTED');
    expect(
      [...advice.querySelectorAll('.mw-bridge-variable')].map((line) => line.textContent),
    ).toEqual([
      `First set MAPWRIGHT_MCP_HEADER_AUTHORIZATION in that shell to "Bearer " followed by the server's token (the Authorization header).`,
      "First set MAPWRIGHT_MCP_URL in that shell to the server's URL as you entered it (it holds a secret, so it is not shown here).",
    ]);
  });
});
