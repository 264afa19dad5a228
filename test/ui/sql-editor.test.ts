// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { SqlEditor } from '../../src/ui/sql-editor';

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
