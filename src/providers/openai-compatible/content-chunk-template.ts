// Most chunks of a Chat Completions stream differ from the one before only in their content string
// (same id, model, created, field order). Parsing each one with JSON.parse costs more than everything
// else the adapter does, so a chunk that matches the previous text-only chunk byte for byte outside its
// content string is read by slicing that string out. Anything else goes through JSON.parse.

const quote = 34;
const backslash = 92;

/** End index (exclusive) of the JSON string literal that opens at `start`, or -1 when it is malformed. */
function stringLiteralEnd(text: string, start: number, limit: number): number {
  if (text.charCodeAt(start) !== quote) return -1;
  for (let index = start + 1; index < limit; index++) {
    const code = text.charCodeAt(index);
    if (code === quote) return index + 1;
    if (code === backslash) index++;
    else if (code < 0x20) return -1; // a raw control character: not JSON, let JSON.parse reject it
  }
  return -1;
}

/** The text around a chunk's content string, to recognise the chunks that differ only in it. */
export class ContentChunkTemplate {
  private constructor(
    private readonly prefix: string,
    private readonly suffix: string,
  ) {}

  /**
   * A template from a chunk whose only news is `content` (no reasoning, tool calls, finish or usage):
   * undefined when its content string cannot be located with certainty.
   */
  static from(data: string, content: string): ContentChunkTemplate | undefined {
    const key = '"content":';
    const at = data.indexOf(key);
    // A second "content": key (logprobs, a nested message) would make the position ambiguous.
    if (at < 0 || data.indexOf(key, at + key.length) >= 0) return undefined;
    let start = at + key.length;
    while (data.charCodeAt(start) === 32) start++;
    const end = stringLiteralEnd(data, start, data.length);
    if (end < 0) return undefined;
    try {
      if (JSON.parse(data.slice(start, end)) !== content) return undefined;
    } catch {
      return undefined;
    }
    return new ContentChunkTemplate(data.slice(0, start), data.slice(end));
  }

  /** The content string of `data` when it matches the template outside that string; else undefined. */
  match(data: string): string | undefined {
    const { prefix, suffix } = this;
    const end = data.length - suffix.length;
    if (end - prefix.length < 2 || !data.startsWith(prefix) || !data.endsWith(suffix)) {
      return undefined;
    }
    if (stringLiteralEnd(data, prefix.length, end) !== end) return undefined;
    const literal = data.slice(prefix.length, end);
    if (literal.indexOf('\\') < 0) return literal.slice(1, -1);
    try {
      return JSON.parse(literal) as string;
    } catch {
      return undefined;
    }
  }
}
