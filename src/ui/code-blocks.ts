// Code blocks in rendered answers get SQL highlighting and a copy button, once each.
import { element } from './dom';
import { highlightSqlWhenLoaded } from './lazy-sql-highlight';

const SQL_LANGUAGES = new Set(['sql', 'duckdb', 'postgresql', 'postgres', 'mysql', 'sqlite']);

/** Copies text to the clipboard; false when the browser refuses (no permission, insecure context). */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Gives a code block (`container` holding a `pre`) a bar above it with a copy button for the text from
 * `source`, and `caption` (the language) when given. The bar sits above the code, never over its end,
 * and the `pre` takes keyboard focus so a line wider than the chat can be scrolled without a mouse.
 */
export function addCopyButton(
  container: HTMLElement,
  source: () => string,
  label = 'Copy',
  caption?: string,
): void {
  const pre = container.querySelector('pre');
  if (pre) {
    pre.tabIndex = 0;
    pre.setAttribute('aria-label', caption ? `Code (${caption})` : 'Code');
  }
  const copy = element('button', {
    className: 'mw-copy',
    text: label,
    attributes: { type: 'button', 'aria-label': 'Copy code to the clipboard' },
  });
  copy.addEventListener('click', () => {
    void copyText(source()).then((copied) => {
      copy.textContent = copied ? 'Copied' : 'Copy failed: select the text and copy it';
      window.setTimeout(() => (copy.textContent = label), 1_500);
    });
  });
  const bar = element('div', {
    className: 'mw-code-bar',
    children: [element('span', { className: 'mw-code-caption', text: caption ?? '' }), copy],
  });
  container.prepend(bar);
}

/** Highlights SQL blocks and adds copy buttons to every `pre > code` under `root` not yet enhanced. */
export function enhanceCodeBlocks(root: HTMLElement): void {
  for (const code of root.querySelectorAll<HTMLElement>('pre > code')) {
    const pre = code.parentElement;
    if (!pre || pre.dataset.enhanced === 'true') continue;
    pre.dataset.enhanced = 'true';
    const source = code.textContent ?? '';
    const language = /\blanguage-([\w-]+)/.exec(code.className)?.[1]?.toLowerCase();
    if (language && SQL_LANGUAGES.has(language))
      highlightSqlWhenLoaded(source.replace(/\n$/, ''), code);
    const wrapper = element('div', { className: 'mw-code' });
    pre.replaceWith(wrapper);
    wrapper.append(pre);
    addCopyButton(wrapper, () => source, 'Copy', language);
  }
}
