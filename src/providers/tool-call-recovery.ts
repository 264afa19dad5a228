// Recovers tool calls that a model wrote as text, for registered names only, and removes their markup.
import { findOpener, judgeSpan, type Opener, type RecoveryContext } from './text-call-syntax';
import type { ToolCall } from '../agent/types';

/** The text left for the person to read, and the calls found in it. */
export interface RecoveredCalls {
  text: string;
  calls: ToolCall[];
}

/** True when only spaces or tabs separate `index` from the previous newline (or the start). */
export function isLineStart(text: string, index: number): boolean {
  let position = index - 1;
  while (position >= 0 && (text[position] === ' ' || text[position] === '\t')) position--;
  return position < 0 || text[position] === '\n';
}

/** After a JSON call, another object right after it (spaces or commas between) is the next call. */
function followingObject(text: string, from: number): Opener | undefined {
  let position = from;
  while (position < text.length && /[\s,]/.test(text[position] ?? '')) position++;
  return text[position] === '{' ? { kind: 'json', index: position } : undefined;
}

/**
 * Finds calls in `<tool_call>` tags (closed or not), `<function=name>` markup, bare JSON objects at the
 * start of a line (`{"name", "arguments"}`, `{"type": "function", "function": {...}}`, several in a
 * row), fenced JSON blocks and `name({...})`. Text that is not a call for a registered name stays as is.
 */
export function recoverToolCalls(text: string, context: RecoveryContext): RecoveredCalls {
  if (context.names.size === 0) return { text, calls: [] };
  const pieces: string[] = [];
  const calls: ToolCall[] = [];
  let kept = 0;
  let scanFrom = 0;
  let afterJsonCall = false;
  for (;;) {
    const opener: Opener | undefined =
      (afterJsonCall ? followingObject(text, scanFrom) : undefined) ??
      findOpener(text, scanFrom, context, isLineStart(text, scanFrom));
    afterJsonCall = false;
    if (opener === undefined) break;
    const verdict = judgeSpan(text, opener, context, true);
    if (verdict.status === 'call') {
      pieces.push(text.slice(kept, opener.index));
      calls.push(...verdict.calls);
      kept = scanFrom = verdict.end;
      afterJsonCall = opener.kind === 'json' || opener.kind === 'fence';
    } else if (verdict.status === 'prose') {
      scanFrom = verdict.end;
    } else if (verdict.status === 'prose-fence') {
      const close = text.indexOf('```', verdict.contentStart);
      scanFrom = close < 0 ? text.length : close + 3;
    } else {
      break;
    }
  }
  if (calls.length === 0) return { text, calls };
  pieces.push(text.slice(kept));
  const visible = pieces
    .join('')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { text: visible, calls };
}
