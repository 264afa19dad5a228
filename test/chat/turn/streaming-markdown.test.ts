// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { StreamingMarkdown } from '../../../src/chat/turn/streaming-markdown';
import { loadSqlHighlight } from '../../../src/ui/lazy-sql-highlight';
import { renderMarkdown } from '../../../src/ui/markdown';

const answer = [
  'The **strongest** earthquakes:',
  '',
  '1. Alaska, 7.9',
  '2. Honduras, 7.6',
  '',
  '```sql',
  'SELECT place, mag',
  '',
  'FROM earthquakes',
  '```',
  '',
  'A closing paragraph with a [link](https://example.org).',
].join('\n');

function normalise(html: string): string {
  const host = document.createElement('div');
  host.innerHTML = html;
  // The code block's bar (language and Copy) is chrome around the answer, not its text.
  for (const node of host.querySelectorAll('.mw-code-bar')) node.remove();
  return host.textContent?.replace(/\s+/g, ' ').trim() ?? '';
}

describe('streaming markdown', () => {
  it('shows the same text while streaming piece by piece as the final render', () => {
    const view = new StreamingMarkdown();
    for (let end = 1; end <= answer.length; end += 7) {
      view.setText(answer.slice(0, end));
      view.render();
    }
    view.setText(answer);
    view.render();
    expect(normalise(view.root.innerHTML)).toBe(normalise(renderMarkdown(answer)));
    view.render(true);
    expect(normalise(view.root.innerHTML)).toBe(normalise(renderMarkdown(answer)));
  });

  it('never splits a code fence across chunks, even at its blank line', () => {
    const view = new StreamingMarkdown();
    view.setText(answer.slice(0, answer.indexOf('FROM')));
    view.render();
    view.setText(answer);
    view.render();
    const code = view.root.querySelectorAll('pre code');
    expect(code).toHaveLength(1);
    expect(code[0]?.textContent).toContain('SELECT place, mag\n\nFROM earthquakes');
  });

  it('highlights SQL blocks and gives every code block a copy button', async () => {
    const view = new StreamingMarkdown();
    view.setText(answer);
    view.render(true);
    // The SQL reads as plain text until the highlighter's chunk has loaded, then it is coloured.
    expect(view.root.querySelector('code.language-sql')?.textContent).toContain('SELECT');
    await loadSqlHighlight();
    expect(view.root.querySelector('code .tok-keyword')?.textContent).toBe('SELECT');
    expect(view.root.querySelector('.mw-copy')?.getAttribute('aria-label')).toContain('Copy');
  });

  it('puts Copy in a bar above the code, not over its last characters, and lets the keyboard scroll it', () => {
    const view = new StreamingMarkdown();
    view.setText('```sql\nSELECT a_column_with_a_long_name, another_long_column FROM t\n```');
    view.render(true);
    const block = view.root.querySelector('.mw-code');
    expect([...(block?.children ?? [])].map((child) => child.className || child.tagName)).toEqual([
      'mw-code-bar',
      'PRE',
    ]);
    expect(block?.querySelector('.mw-code-bar .mw-copy')).not.toBeNull();
    expect(block?.querySelector('.mw-code-caption')?.textContent).toBe('sql');
    const pre = block?.querySelector('pre');
    expect(pre?.tabIndex).toBe(0);
    expect(pre?.getAttribute('aria-label')).toBe('Code (sql)');
  });

  it('keeps earlier chunks untouched while the tail streams (long answers cost the same per frame)', () => {
    const view = new StreamingMarkdown();
    view.setText('First paragraph.\n\nSecond');
    view.render();
    const first = view.root.querySelector('.mw-markdown-chunk');
    view.setText('First paragraph.\n\nSecond paragraph grows');
    view.render();
    expect(view.root.querySelector('.mw-markdown-chunk')).toBe(first);
    expect(view.root.textContent).toContain('Second paragraph grows');
  });
});
