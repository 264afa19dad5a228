// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { ChatPanel } from '../../src/chat/chat-panel';

function panel() {
  const sent: string[] = [];
  let stops = 0;
  const chat = new ChatPanel({
    examplePrompts: ['Where were the strongest earthquakes?'],
    onSend: (text) => sent.push(text),
    onStop: () => (stops += 1),
    retry: () => undefined,
    continueTurn: () => undefined,
  });
  document.body.append(chat.root);
  return { chat, sent, stops: () => stops };
}

const key = (target: EventTarget, name: string, shiftKey = false) =>
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key: name, shiftKey, bubbles: true, cancelable: true }),
  );

describe('the chat input', () => {
  it('Enter sends, Shift+Enter does not', () => {
    const { chat, sent } = panel();
    chat.input.textarea.value = 'first line';
    key(chat.input.textarea, 'Enter', true);
    expect(sent).toEqual([]);
    key(chat.input.textarea, 'Enter');
    expect(sent).toEqual(['first line']);
    expect(chat.input.textarea.value).toBe('');
  });

  it('Esc stops only while a turn runs, and Stop shows only then', () => {
    const { chat, stops } = panel();
    const stop = chat.root.querySelector<HTMLButtonElement>('.mw-stop')!;
    key(chat.input.textarea, 'Escape');
    expect(stops()).toBe(0);
    expect(stop.hidden).toBe(true);
    chat.setWaiting('Reconnecting to the data servers…');
    expect(chat.root.textContent).toContain('Reconnecting to the data servers…');
    expect(stop.hidden).toBe(false);
    key(chat.input.textarea, 'Escape');
    expect(stops()).toBe(1);
  });

  it('offers the example prompts from the config, and every button has a label', () => {
    const { chat, sent } = panel();
    chat.root.querySelector<HTMLButtonElement>('.mw-example')!.click();
    expect(sent).toEqual(['Where were the strongest earthquakes?']);
    for (const control of chat.root.querySelectorAll('button, textarea')) {
      expect(control.getAttribute('aria-label') ?? control.textContent).toBeTruthy();
    }
    expect(chat.root.querySelector('[aria-live="polite"]')).not.toBeNull();
  });
});
