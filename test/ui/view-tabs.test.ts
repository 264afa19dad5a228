// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ViewTabs } from '../../src/ui/view-tabs';

function phoneScreen(matches: boolean): void {
  window.matchMedia = vi.fn().mockReturnValue({ matches }) as unknown as typeof window.matchMedia;
}

function setUp() {
  const app = document.createElement('div');
  const onMapShown = vi.fn();
  const tabs = new ViewTabs(app, { onMapShown });
  app.append(tabs.root);
  document.body.replaceChildren(app);
  const tab = (name: string) => tabs.root.querySelector<HTMLButtonElement>(`#app-tab-${name}`)!;
  return { app, tabs, onMapShown, chat: tab('chat'), map: tab('map') };
}

describe('the Chat and Map tabs', () => {
  afterEach(() => vi.restoreAllMocks());

  it('start on the chat, and show the map (asking it to measure itself) when chosen', () => {
    const { app, onMapShown, chat, map } = setUp();
    expect(app.dataset.view).toBe('chat');
    expect(chat.getAttribute('aria-selected')).toBe('true');
    expect(map.getAttribute('aria-controls')).toBe('map');
    map.click();
    expect(app.dataset.view).toBe('map');
    expect(map.getAttribute('aria-selected')).toBe('true');
    expect(chat.getAttribute('aria-selected')).toBe('false');
    expect(onMapShown).toHaveBeenCalledTimes(1);
  });

  it('move with the arrow keys, keeping one tab in the Tab order', () => {
    const { app, chat, map } = setUp();
    chat.focus();
    chat.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));
    expect(app.dataset.view).toBe('map');
    expect(document.activeElement).toBe(map);
    expect([chat.tabIndex, map.tabIndex]).toEqual([-1, 0]);
    map.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true }));
    expect(app.dataset.view).toBe('chat');
    expect(document.activeElement).toBe(chat);
  });

  it('mark the Map tab when the map changed behind the chat on a phone, until it is shown', () => {
    phoneScreen(true);
    const { tabs, map } = setUp();
    expect(map.querySelector('.app-tab-note')?.hasAttribute('hidden')).toBe(true);
    tabs.mapChanged();
    expect(map.dataset.changed).toBe('true');
    expect(map.querySelector('.app-tab-dot')?.hasAttribute('hidden')).toBe(false);
    expect(map.querySelector('.app-tab-note')?.hasAttribute('hidden')).toBe(false);
    expect(map.textContent).toBe('Map (changed)');
    map.click();
    expect(map.dataset.changed).toBe('false');
    tabs.mapChanged();
    expect(map.dataset.changed).toBe('false');
  });

  it('leave the Map tab unmarked on a desktop, where both are on screen', () => {
    phoneScreen(false);
    const { tabs, map } = setUp();
    tabs.mapChanged();
    expect(map.dataset.changed).toBe('false');
  });
});
