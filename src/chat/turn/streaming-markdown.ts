// Markdown that grows while it streams: finished blocks render once, only the open tail re-renders.
import { enhanceCodeBlocks } from '../../ui/code-blocks';
import { element } from '../../ui/dom';
import { renderMarkdown } from '../../ui/markdown';

const FENCE = /^\s{0,3}(```|~~~)/;

/** One answer's markdown, rendered incrementally so a long answer costs the same per frame as a short one. */
export class StreamingMarkdown {
  /** The element that holds the rendered answer. */
  readonly root: HTMLElement;
  private readonly stable: HTMLElement;
  private readonly tail: HTMLElement;
  private text = '';
  private committed = 0;
  private renderedTail = '';

  constructor(className = 'mw-markdown') {
    this.stable = element('div', { className: 'mw-markdown-stable' });
    this.tail = element('div', { className: 'mw-markdown-tail' });
    this.root = element('div', { className, children: [this.stable, this.tail] });
  }

  /** The full text; nothing renders until `render` is called. */
  setText(text: string): void {
    this.text = text;
  }

  /** Renders what changed; `final` re-renders the whole text once, so the end result is exact. */
  render(final = false): void {
    if (this.text.length < this.committed) this.reset();
    if (final) {
      this.reset();
      this.stable.innerHTML = renderMarkdown(this.text);
      enhanceCodeBlocks(this.stable);
      this.committed = this.text.length;
      this.tail.replaceChildren();
      return;
    }
    const boundary = this.stableBoundary();
    if (boundary > this.committed) {
      const chunk = element('div', { className: 'mw-markdown-chunk' });
      chunk.innerHTML = renderMarkdown(this.text.slice(this.committed, boundary));
      enhanceCodeBlocks(chunk);
      this.stable.append(chunk);
      this.committed = boundary;
    }
    const tailText = this.text.slice(this.committed);
    if (tailText !== this.renderedTail) {
      this.renderedTail = tailText;
      this.tail.innerHTML = renderMarkdown(tailText);
      enhanceCodeBlocks(this.tail);
    }
  }

  private reset(): void {
    this.stable.replaceChildren();
    this.tail.replaceChildren();
    this.committed = 0;
    this.renderedTail = '';
  }

  /** The end of the last blank line outside a code fence: text before it will not change its rendering. */
  private stableBoundary(): number {
    let inFence = false;
    let boundary = this.committed;
    let position = this.committed;
    for (;;) {
      const newline = this.text.indexOf('\n', position);
      if (newline === -1) break;
      const line = this.text.slice(position, newline);
      if (FENCE.test(line)) inFence = !inFence;
      else if (!inFence && line.trim() === '') boundary = newline + 1;
      position = newline + 1;
    }
    return boundary;
  }
}
