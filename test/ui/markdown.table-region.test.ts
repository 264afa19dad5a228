// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { renderMarkdown } from '../../src/ui/markdown';

function render(markdown: string): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderMarkdown(markdown);
  return container;
}

describe('tables in answers', () => {
  it('sit in a scrollable region the keyboard can reach, named after their headers', () => {
    const container = render(
      '| Rank | Magnitude | Place | Depth |\n| - | - | - | - |\n| 1 | 7.1 | Alaska | 10 |',
    );
    const region = container.querySelector('.mw-markdown-table');
    expect(region?.getAttribute('role')).toBe('region');
    expect(region?.getAttribute('tabindex')).toBe('0');
    expect(region?.getAttribute('aria-label')).toBe('Table: Rank, Magnitude, Place, …');
    expect(region?.querySelector(':scope > table th')?.textContent).toBe('Rank');
  });

  it('wraps each of several tables once, and leaves text without tables as it was', () => {
    const container = render('| a |\n| - |\n| 1 |\n\ntext\n\n| b |\n| - |\n| 2 |');
    expect(container.querySelectorAll('.mw-markdown-table')).toHaveLength(2);
    expect(container.querySelectorAll('.mw-markdown-table .mw-markdown-table')).toHaveLength(0);
    expect(renderMarkdown('plain **text**')).toBe('<p>plain <strong>text</strong></p>\n');
  });

  it('gives no focus, role or region to markup the model writes itself', () => {
    const container = render(
      '<div tabindex="0" role="region" class="mw-markdown-table" aria-label="x">hi</div>',
    );
    expect(container.querySelector('[tabindex], [role], [aria-label], div')).toBeNull();
  });
});
