// Local reasoning models (DeepSeek R1, Qwen3, QwQ) put their reasoning in the content inside
// <think>...</think>; the tags may be split across chunks. Reasoning is shown apart, never as the answer.
// Some servers put the opening <think> in the prompt, so the model writes only the closing tag: the text
// before a </think> with no opening tag is reasoning too. Amazon Bedrock's OpenAI-compatible endpoint wraps
// gpt-oss reasoning the same way in <reasoning>...</reasoning>, once per chunk: the tag name is an option.

/** A piece of streamed content: answer text or reasoning. */
export interface ContentPiece {
  reasoning: boolean;
  text: string;
}

/** Options of a ThinkTagSplitter. */
export interface ThinkTagSplitterOptions {
  /**
   * Treat the content as reasoning from its first character, as if it began with `<think>` (for models
   * whose opening tag is in the prompt). A `<think>` the model writes anyway at the start is dropped.
   */
  startsInside?: boolean;
  /** The tag's name: `think` (the default) or, for Bedrock's gpt-oss, `reasoning`. */
  tag?: ReasoningTag;
}

/** The names of the tags a model may wrap its reasoning in. */
export type ReasoningTag = 'think' | 'reasoning';

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
  private inside: boolean;
  private pending = '';
  /** True until the first character of content was seen (a leading `<think>` may still be dropped). */
  private atStart: boolean;
  private closed = false;
  private orphan = false;
  /** After `</think>`, whitespace is dropped until the answer's first character, in whatever delta. */
  private trimAnswerStart = false;
  private readonly openTag: string;
  private readonly closeTag: string;

  constructor(options: ThinkTagSplitterOptions = {}) {
    this.inside = options.startsInside ?? false;
    this.openTag = `<${options.tag ?? 'think'}>`;
    this.closeTag = `</${options.tag ?? 'think'}>`;
    this.atStart = this.inside;
  }

  /** True once a `</think>` arrived with no `<think>` before it (the model's opening tag is implied). */
  get sawOrphanClose(): boolean {
    return this.orphan;
  }

  /** True once any `</think>` ended a reasoning block. */
  get sawClose(): boolean {
    return this.closed;
  }

  /** Takes a content delta; returns the pieces that are certain. */
  push(text: string): ContentPiece[] {
    let buffer = this.pending + text;
    this.pending = '';
    if (this.trimAnswerStart) {
      buffer = buffer.replace(/^\s+/, '');
      if (buffer.length === 0) return [];
      this.trimAnswerStart = false;
    }
    if (!this.inside && buffer.indexOf('<') < 0) return [{ reasoning: false, text: buffer }];
    if (this.atStart) {
      const start = buffer.replace(/^\s+/, '');
      if (
        start.length === 0 ||
        (start.length < this.openTag.length && this.openTag.startsWith(start))
      ) {
        this.pending = buffer;
        return [];
      }
      this.atStart = false;
      if (start.startsWith(this.openTag)) buffer = start.slice(this.openTag.length);
    }
    const pieces: ContentPiece[] = [];
    while (buffer.length > 0) {
      const { index, tag } = this.nextTag(buffer);
      if (index < 0) {
        const partial = this.inside
          ? partialTagLength(buffer, this.closeTag)
          : Math.max(partialTagLength(buffer, this.openTag), this.orphanPossible(buffer));
        if (buffer.length > partial) {
          pieces.push({ reasoning: this.inside, text: buffer.slice(0, buffer.length - partial) });
        }
        this.pending = buffer.slice(buffer.length - partial);
        break;
      }
      const closing = tag === this.closeTag;
      // Before a closing tag the text is reasoning, whether or not an opening tag came first.
      if (index > 0) pieces.push({ reasoning: closing, text: buffer.slice(0, index) });
      buffer = buffer.slice(index + tag.length);
      if (closing) {
        if (!this.inside) this.orphan = true;
        this.closed = true;
        // The answer usually starts with a blank line after </think>: it is layout, not content.
        buffer = buffer.replace(/^\s+/, '');
        this.trimAnswerStart = buffer.length === 0;
      }
      this.inside = !closing;
    }
    return pieces;
  }

  /** What was held at the end (a lone `<` or an unclosed tag prefix). */
  flush(): ContentPiece[] {
    const pending = this.pending;
    this.pending = '';
    return pending ? [{ reasoning: this.inside, text: pending }] : [];
  }

  /** The first tag that changes state: `</think>` inside; outside, `<think>` or an orphan `</think>`. */
  private nextTag(buffer: string): { index: number; tag: string } {
    const close = this.canClose() ? buffer.indexOf(this.closeTag) : -1;
    if (this.inside) return { index: close, tag: this.closeTag };
    const open = buffer.indexOf(this.openTag);
    if (close >= 0 && (open < 0 || close < open)) return { index: close, tag: this.closeTag };
    return { index: open, tag: this.openTag };
  }

  /** Outside a block, only the first `</think>` of a stream that had no `<think>` is an orphan. */
  private canClose(): boolean {
    return this.inside || !this.closed;
  }

  private orphanPossible(buffer: string): number {
    return this.canClose() ? partialTagLength(buffer, this.closeTag) : 0;
  }
}
