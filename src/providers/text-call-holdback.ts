// Streaming text is shown as it arrives, but a call written as text must never reach the screen. So
// once something that may open a call appears, the text from there on is held back; it is released as
// soon as it turns out to be prose (a JSON example that names no tool, a code block in another language),
// and what is still held at the end goes through recoverToolCalls.
import { findOpener, judgeSpan, type RecoveryContext } from './text-call-syntax';

const tagOpeners = ['<tool_call', '<function='];

/** Letters, digits, `_` and `-`: the characters of a tool name. */
function isNameCharacter(code: number): boolean {
  return (
    (code >= 48 && code <= 57) ||
    (code >= 65 && code <= 90) ||
    (code >= 97 && code <= 122) ||
    code === 95 ||
    code === 45
  );
}

/** Length of the end of `text` that may be the start of an opener still being streamed. */
function partialOpenerLength(text: string, context: RecoveryContext, lineStart: boolean): number {
  const lastAngle = text.lastIndexOf('<');
  if (lastAngle >= 0 && text.length - lastAngle < 10) {
    const suffix = text.slice(lastAngle);
    if (tagOpeners.some((opener) => opener.startsWith(suffix))) return suffix.length;
  }
  const ticks = /(^|\n)[ \t]*`{1,2}$/.exec(text);
  if (ticks && (ticks.index > 0 || ticks[1] === '\n' || lineStart)) {
    return text.length - ticks.index - ticks[1]!.length;
  }
  if (context.callExpression !== undefined) {
    // A trailing word that may grow into `registeredName(`: scanned by hand, this runs on every read.
    let end = text.length;
    while (end > 0 && (text[end - 1] === ' ' || text[end - 1] === '\t')) end--;
    let start = end;
    while (start > 0 && isNameCharacter(text.charCodeAt(start - 1))) start--;
    if (start < end) {
      const candidate = text.slice(start, end);
      const spaced = end < text.length;
      for (const name of context.names) {
        if (spaced ? name === candidate : name.startsWith(candidate)) return text.length - start;
      }
    }
  }
  return 0;
}

/** Whether the position after `emitted` starts a line, given whether its start did. */
function lineStartAfter(emitted: string, lineStart: boolean): boolean {
  const newline = emitted.lastIndexOf('\n');
  const rest = newline < 0 ? emitted : emitted.slice(newline + 1);
  return (newline >= 0 || lineStart) && /^[ \t]*$/.test(rest);
}

/** Decides, delta by delta, which streamed text is safe to show now. */
export class TextCallHoldback {
  private held = '';
  private mode: 'scan' | 'prose-fence' | 'committed' = 'scan';
  private lineStart = true;

  constructor(private readonly context: RecoveryContext) {}

  /** Takes a text delta; returns the text that may be shown now (possibly empty). */
  push(text: string): string {
    if (this.mode === 'committed') {
      this.held += text;
      return '';
    }
    let buffer = this.held + text;
    this.held = '';
    let output = '';
    const emit = (length: number): void => {
      const emitted = buffer.slice(0, length);
      output += emitted;
      this.lineStart = lineStartAfter(emitted, this.lineStart);
      buffer = buffer.slice(length);
    };
    while (buffer.length > 0) {
      if (this.mode === 'prose-fence') {
        const close = buffer.indexOf('```');
        if (close < 0) {
          const ticks = /`{1,2}$/.exec(buffer);
          emit(buffer.length - (ticks ? ticks[0].length : 0));
          this.held = buffer;
          return output;
        }
        emit(close + 3);
        this.mode = 'scan';
        continue;
      }
      const opener = findOpener(buffer, 0, this.context, this.lineStart);
      if (opener === undefined) {
        emit(buffer.length - partialOpenerLength(buffer, this.context, this.lineStart));
        this.held = buffer;
        return output;
      }
      emit(opener.index);
      const verdict = judgeSpan(buffer, { kind: opener.kind, index: 0 }, this.context, false);
      if (verdict.status === 'incomplete' || verdict.status === 'call') {
        if (verdict.status === 'call') this.mode = 'committed';
        this.held = buffer;
        return output;
      }
      if (verdict.status === 'prose') emit(verdict.end);
      else {
        emit(verdict.contentStart);
        this.mode = 'prose-fence';
      }
    }
    return output;
  }

  /** Everything still held back; the caller runs recovery on it. */
  flush(): string {
    const held = this.held;
    this.held = '';
    this.mode = 'scan';
    return held;
  }
}
