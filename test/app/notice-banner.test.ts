// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { NoticeBanner } from '../../src/app/notice-banner';

describe('NoticeBanner', () => {
  it('masks a key or token quoted in a notice', () => {
    const parent = document.createElement('div');
    const banner = new NoticeBanner(parent);
    banner.add(
      'The chat could not start (401 from https://llm.example/v1?key=abcDEF123456 with sk-proj-4bcdefgh1jklmn0pqrstuvwx); reload the page to try again.',
    );
    const text = banner.element.textContent ?? '';
    expect(text).toContain('The chat could not start');
    expect(text).not.toContain('abcDEF123456');
    expect(text).not.toContain('sk-proj-4bcdefgh1jklmn0pqrstuvwx');
  });
});
