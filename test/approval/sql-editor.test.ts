// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { SqlEditor } from '../../src/approval/sql-editor';

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
});

describe('SqlEditor under a Content-Security-Policy', () => {
  it("puts its styles in a style element carrying the page's style nonce", () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'build-nonce-123');
    document.head.append(meta);
    const editor = new SqlEditor('SELECT 1', 'SQL');
    document.body.append(editor.root);
    const styles = [...document.head.querySelectorAll('style')];
    expect(styles.length).toBeGreaterThan(0);
    for (const style of styles) expect(style.getAttribute('nonce')).toBe('build-nonce-123');
    expect(styles.some((style) => style.textContent?.includes('.cm-scroller'))).toBe(true);
  });
});

describe('SqlEditor typing over a selection', () => {
  it('replaces the selection itself, so the browser never joins the lines (and writes no style)', () => {
    const editor = new SqlEditor('SELECT state\nFROM airports\nLIMIT 8', 'SQL');
    document.body.append(editor.root);
    editor.focus(6, 'SELECT state\nFROM airports'.length);
    const typed = new InputEvent('beforeinput', {
      inputType: 'insertText',
      data: 'X',
      cancelable: true,
      bubbles: true,
    });
    editor.root.querySelector('.cm-content')?.dispatchEvent(typed);
    expect(typed.defaultPrevented).toBe(true);
    expect(editor.value).toBe('SELECTX\nLIMIT 8');
    editor.destroy();
  });

  it('leaves a character typed at a caret to the browser, as CodeMirror expects', () => {
    const editor = new SqlEditor('SELECT 1', 'SQL');
    document.body.append(editor.root);
    editor.focus(8);
    const typed = new InputEvent('beforeinput', {
      inputType: 'insertText',
      data: '0',
      cancelable: true,
      bubbles: true,
    });
    editor.root.querySelector('.cm-content')?.dispatchEvent(typed);
    expect(typed.defaultPrevented).toBe(false);
    editor.destroy();
  });
});
