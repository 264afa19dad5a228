// @vitest-environment jsdom
// The budget follows the chosen model: a Local model's is worked out from the window its server reports,
// asked in the background, and the conversation on screen is told when it changes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChatModelSettings } from '../../src/chat/chat-model-settings';
import { defaultAppConfig } from '../../src/config';
import { loadLlmSettings, saveLlmSettings } from '../../src/settings/llm-settings-store';
import type { ChatPanel } from '../../src/chat/chat-panel';

afterEach(() => vi.unstubAllGlobals());

function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

describe('the context budget of the chosen model', () => {
  it('follows the window a local server reports, without waiting for it', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new URL(url).pathname === '/props'
        ? new Response(JSON.stringify({ default_generation_settings: { n_ctx: 32_768 } }))
        : new Response('', { status: 404 });
    });
    const config = defaultAppConfig();
    const changed: number[] = [];
    // The person chose a local model (saved settings): its server is asked.
    const local = memoryStorage();
    saveLlmSettings(
      {
        ...loadLlmSettings({}, { local, session: memoryStorage() }),
        provider: 'local',
        model: 'bench',
      },
      { local, session: memoryStorage() },
    );
    const settings = new ChatModelSettings({
      config,
      panel: {} as ChatPanel,
      storage: { local, session: memoryStorage() },
      sections: () => [],
      onModelChanged: () => {},
      onContextTokensChanged: (tokens) => changed.push(tokens),
    });
    // Until the server answers, the assumed window of a local server (8,192) holds.
    expect(settings.contextTokens()).toBe(6_144);
    await vi.waitFor(() => expect(changed).toEqual([24_576]));
    expect(settings.contextTokens()).toBe(24_576);
    expect(asked.some((url) => url.endsWith('/props'))).toBe(true);
  });

  it('asks nothing of a server that takes a key: the key goes only with the chat requests', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response('', { status: 401 });
    });
    const local = memoryStorage();
    const session = memoryStorage();
    saveLlmSettings(
      { ...loadLlmSettings({}, { local, session }), provider: 'local', model: 'm', apiKey: 'k' },
      { local, session },
    );
    new ChatModelSettings({
      config: defaultAppConfig(),
      panel: {} as ChatPanel,
      storage: { local, session },
      sections: () => [],
      onModelChanged: () => {},
      onContextTokensChanged: () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });

  it('asks nothing of a server before a model is set up (the default endpoint is only a suggestion)', async () => {
    const asked: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      asked.push(url);
      return new Response('', { status: 404 });
    });
    new ChatModelSettings({
      config: defaultAppConfig(),
      panel: {} as ChatPanel,
      storage: { local: memoryStorage(), session: memoryStorage() },
      sections: () => [],
      onModelChanged: () => {},
      onContextTokensChanged: () => {},
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(asked).toEqual([]);
  });
});

describe('the note above Settings', () => {
  it('"Connect a model first" goes once a model is saved', async () => {
    vi.stubGlobal('fetch', async () => new Response('', { status: 404 }));
    const dialogSlot = document.createElement('div');
    const textarea = document.createElement('textarea');
    const settings = new ChatModelSettings({
      config: defaultAppConfig(),
      panel: { dialogSlot, input: { textarea }, setWelcome: () => {} } as unknown as ChatPanel,
      storage: { local: memoryStorage(), session: memoryStorage() },
      sections: () => [],
      onModelChanged: () => {},
      onContextTokensChanged: () => {},
    });
    settings.open('Connect a model first: your question waits in the box until you send it.');
    expect(dialogSlot.textContent).toContain('Connect a model first');
    const model = dialogSlot.querySelector<HTMLInputElement>('input[list], input[name="model"]');
    const field =
      model ??
      [...dialogSlot.querySelectorAll('input')].find((input) =>
        /model/i.test(input.getAttribute('aria-label') ?? input.id),
      );
    field!.value = 'qwen2.5:7b';
    field!.dispatchEvent(new Event('input', { bubbles: true }));
    const save = [...dialogSlot.querySelectorAll('button')].find(
      (button) => button.textContent === 'Save',
    );
    save!.click();
    expect(dialogSlot.textContent).toContain('Saved.');
    expect(dialogSlot.textContent).not.toContain('Connect a model first');
  });
});
