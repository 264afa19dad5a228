// Local reasoning models (DeepSeek R1, Qwen3, QwQ) put their reasoning in the content inside
// <think>...</think>; the tags may be split across chunks. Reasoning is shown apart, never as the answer.

/** A piece of streamed content: answer text or reasoning. */
export interface ContentPiece {
  reasoning: boolean;
  text: string;
}

const openTag = '<think>';
const closeTag = '</think>';

/** Length of the end of `text` that may be the start of `tag`. */
function partialTagLength(text: string, tag: string): number {
  const from = Math.max(0, text.length - tag.length + 1);
  for (let index = from; index < text.length; index++) {
    if (tag.startsWith(text.slice(index))) return text.length - index;
  }
  return 0;
}

/** Splits streamed content into answer and reasoning pieces, delta by delta. */
export class ThinkTagSplitter {
  private inside = false;
  private pending = '';

  /** Takes a content delta; returns the pieces that are certain. */
  push(text: string): ContentPiece[] {
    let buffer = this.pending + text;
    this.pending = '';
    if (!this.inside && buffer.indexOf('<') < 0) return [{ reasoning: false, text: buffer }];
    const pieces: ContentPiece[] = [];
    while (buffer.length > 0) {
      const tag = this.inside ? closeTag : openTag;
      const index = buffer.indexOf(tag);
      if (index < 0) {
        const partial = partialTagLength(buffer, tag);
        if (buffer.length > partial) {
          pieces.push({ reasoning: this.inside, text: buffer.slice(0, buffer.length - partial) });
        }
        this.pending = buffer.slice(buffer.length - partial);
        break;
      }
      if (index > 0) pieces.push({ reasoning: this.inside, text: buffer.slice(0, index) });
      buffer = buffer.slice(index + tag.length);
      // The answer usually starts with a blank line after </think>: it is layout, not content.
      if (this.inside) buffer = buffer.replace(/^\s+/, '');
      this.inside = !this.inside;
    }
    return pieces;
  }

  /** What was held at the end (a lone `<` or an unclosed tag prefix). */
  flush(): ContentPiece[] {
    const pending = this.pending;
    this.pending = '';
    return pending ? [{ reasoning: this.inside, text: pending }] : [];
  }
}
