// The shapes in which models write tool calls as text, shared by the final recovery pass and by the
// streaming hold-back, so both agree on what may be a call.
import { findBalancedEnd } from './balanced-json';
import { parseJsonLenient, parseToolArguments } from './parse-tool-arguments';
import { createCallId } from './tool-call-id';
import type { ToolCall } from '../agent/types';

/** What recovery needs to know: the registered names, and whether JSON counts anywhere in a line. */
export interface RecoveryContext {
  names: ReadonlySet<string>;
  /** Matches `name(` for a registered name at a word boundary; undefined when there are no names. */
  callExpression: RegExp | undefined;
  /** JSON-in-text mode: a `{` anywhere may open the call object, not only at the start of a line. */
  jsonAnywhere: boolean;
}

/** Builds the context for a set of registered tool names. */
export function createRecoveryContext(
  names: Iterable<string>,
  options: { jsonAnywhere?: boolean } = {},
): RecoveryContext {
  const set = new Set(names);
  const escaped = [...set].map((name) => name.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&'));
  return {
    names: set,
    callExpression:
      escaped.length > 0
        ? new RegExp(`(?<![\\w-])(?:${escaped.join('|')})[ \\t]*\\(`, 'g')
        : undefined,
    jsonAnywhere: options.jsonAnywhere ?? false,
  };
}

/** The kinds of text that may open a call. */
export type OpenerKind = 'tool-call-tag' | 'function-tag' | 'json' | 'fence' | 'call-expression';

/** Where a possible call starts. */
export interface Opener {
  kind: OpenerKind;
  index: number;
}

const lineStartJson = /\n[ \t]*\{/g;
const lineStartFence = /\n[ \t]*```/g;
const leadingJson = /[ \t]*\{/y;
const leadingFence = /[ \t]*```/y;

function searchAt(pattern: RegExp, text: string, from: number): number {
  pattern.lastIndex = from;
  const match = pattern.exec(text);
  return match ? match.index : -1;
}

/**
 * The first possible call opener at or after `from`. `lineStart` says whether `from` begins a line
 * (only spaces since the last newline), which matters for bare JSON and fences.
 */
export function findOpener(
  text: string,
  from: number,
  context: RecoveryContext,
  lineStart: boolean,
): Opener | undefined {
  let best: Opener | undefined;
  const consider = (kind: OpenerKind, index: number): void => {
    if (index >= 0 && (best === undefined || index < best.index)) best = { kind, index };
  };
  consider('tool-call-tag', text.indexOf('<tool_call', from));
  consider('function-tag', text.indexOf('<function=', from));
  if (context.jsonAnywhere) {
    consider('json', text.indexOf('{', from));
  } else {
    if (lineStart && searchAt(leadingJson, text, from) === from) {
      consider('json', text.indexOf('{', from));
    }
    const json = searchAt(lineStartJson, text, from);
    if (json >= 0) consider('json', text.indexOf('{', json));
  }
  if (lineStart && searchAt(leadingFence, text, from) === from) {
    consider('fence', text.indexOf('```', from));
  }
  const fence = searchAt(lineStartFence, text, from);
  if (fence >= 0) consider('fence', text.indexOf('```', fence));
  if (context.callExpression)
    consider('call-expression', searchAt(context.callExpression, text, from));
  return best;
}

/**
 * What the text at an opener turned out to be. `prose-fence` is a code block that is not a call: nothing
 * inside it opens a call. `incomplete` only when more text may still come.
 */
export type SpanVerdict =
  | { status: 'call'; end: number; calls: ToolCall[] }
  | { status: 'prose'; end: number }
  | { status: 'prose-fence'; contentStart: number }
  | { status: 'incomplete' };

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A call from a parsed JSON value in any of the shapes models use, or undefined. */
function callFromValue(
  value: unknown,
  context: RecoveryContext,
  requireArguments: boolean,
): ToolCall | undefined {
  if (!isObject(value)) return undefined;
  const source = value.type === 'function' && isObject(value.function) ? value.function : value;
  const name = [source.name, source.tool, source.tool_name].find(
    (candidate): candidate is string => typeof candidate === 'string',
  );
  if (name === undefined || !context.names.has(name)) return undefined;
  const key = ['arguments', 'parameters', 'args', 'input'].find((candidate) => candidate in source);
  if (key === undefined && requireArguments) return undefined;
  const parsed = parseToolArguments(name, key === undefined ? undefined : source[key]);
  return { id: createCallId(), name, ...parsed };
}

const namedInBrokenJson = /"(?:name|tool)"\s*:\s*"([\w-]+)"/;

/**
 * Calls from a body that should hold only call objects: one or more JSON objects separated by spaces or
 * commas, or one JSON array of them. Undefined unless every value is a call for a registered name.
 */
export function callsFromJsonBody(
  body: string,
  context: RecoveryContext,
  requireArguments: boolean,
): ToolCall[] | undefined {
  const trimmed = body.trim();
  if (trimmed.startsWith('[')) {
    const parsed = parseJsonLenient(trimmed);
    if ('error' in parsed || !Array.isArray(parsed.value) || parsed.value.length === 0)
      return undefined;
    const calls = parsed.value.map((item) => callFromValue(item, context, requireArguments));
    return calls.every((call) => call !== undefined) ? (calls as ToolCall[]) : undefined;
  }
  const calls: ToolCall[] = [];
  let index = 0;
  while (index < trimmed.length) {
    if (trimmed[index] !== '{') return undefined;
    const end = findBalancedEnd(trimmed, index);
    const objectText = trimmed.slice(index, end < 0 ? trimmed.length : end);
    const parsed = parseJsonLenient(objectText);
    if ('error' in parsed) {
      // Unrepairable, yet plainly a call to a registered tool: return it so the model hears what was wrong.
      const name = namedInBrokenJson.exec(objectText)?.[1];
      if (name === undefined || !context.names.has(name)) return undefined;
      if (requireArguments && !/"(?:arguments|parameters)"/.test(objectText)) return undefined;
      calls.push({
        id: createCallId(),
        name,
        arguments: {},
        argumentsError: `The call to ${name} is not valid JSON and could not be repaired (${parsed.error}). Call the tool again with a valid JSON object.`,
      });
    } else {
      const call = callFromValue(parsed.value, context, requireArguments);
      if (call === undefined) return undefined;
      calls.push(call);
    }
    if (end < 0) break;
    index = end;
    while (index < trimmed.length && /[\s,]/.test(trimmed[index] ?? '')) index++;
  }
  return calls.length > 0 ? calls : undefined;
}

/** The value of one `<parameter=x>` element: JSON when it parses (numbers, objects), text otherwise. */
function parameterValue(text: string): unknown {
  const trimmed = text.trim();
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return trimmed;
  }
}

/** `<function=name>` followed by `<parameter=x>value</parameter>` children or a JSON object body. */
function callFromFunctionMarkup(markup: string, context: RecoveryContext): ToolCall | undefined {
  const header = /^<function=([\w-]+)>/.exec(markup.trim());
  const name = header?.[1];
  if (header === undefined || header === null || name === undefined || !context.names.has(name)) {
    return undefined;
  }
  const body = markup
    .trim()
    .slice(header[0].length)
    .replace(/<\/function>\s*$/, '');
  if (body.trim().startsWith('{')) {
    return { id: createCallId(), name, ...parseToolArguments(name, body.trim()) };
  }
  const args: Record<string, unknown> = {};
  const parameter = /<parameter=([\w.-]+)>([\s\S]*?)(?:<\/parameter>|(?=<parameter=)|$)/g;
  for (const match of body.matchAll(parameter)) {
    if (match[1] !== undefined) args[match[1]] = parameterValue(match[2] ?? '');
  }
  return { id: createCallId(), name, arguments: args };
}

function skipSpaces(text: string, index: number): number {
  let position = index;
  while (position < text.length && /\s/.test(text[position] ?? '')) position++;
  return position;
}

/** Judges the text at `opener`. With `complete` false, a span that may still grow is `incomplete`. */
export function judgeSpan(
  text: string,
  opener: Opener,
  context: RecoveryContext,
  complete: boolean,
): SpanVerdict {
  const { index } = opener;
  switch (opener.kind) {
    case 'tool-call-tag':
    case 'function-tag': {
      const closeTag = opener.kind === 'tool-call-tag' ? '</tool_call>' : '</function>';
      const openEnd = text.indexOf('>', index);
      if (openEnd < 0)
        return complete ? { status: 'prose', end: index + 1 } : { status: 'incomplete' };
      const close = text.indexOf(closeTag, openEnd);
      if (close < 0 && !complete) return { status: 'incomplete' };
      const end = close < 0 ? text.length : close + closeTag.length;
      let calls: ToolCall[] | undefined;
      if (opener.kind === 'function-tag') {
        const call = callFromFunctionMarkup(text.slice(index, end), context);
        calls = call ? [call] : undefined;
      } else {
        const body = text.slice(openEnd + 1, close < 0 ? text.length : close).trim();
        if (body.startsWith('<function=')) {
          const call = callFromFunctionMarkup(body, context);
          calls = call ? [call] : undefined;
        } else {
          calls = callsFromJsonBody(body, context, false);
        }
      }
      return calls ? { status: 'call', end, calls } : { status: 'prose', end };
    }
    case 'json': {
      const end = findBalancedEnd(text, index);
      if (end < 0) {
        const next = skipSpaces(text, index + 1);
        if (next < text.length && text[next] !== '"') return { status: 'prose', end: index + 1 };
        return complete ? judgeUnclosedJson(text, index, context) : { status: 'incomplete' };
      }
      const calls = callsFromJsonBody(text.slice(index, end), context, true);
      return calls ? { status: 'call', end, calls } : { status: 'prose', end };
    }
    case 'fence': {
      const lineEnd = text.indexOf('\n', index);
      if (lineEnd < 0)
        return complete ? { status: 'prose', end: text.length } : { status: 'incomplete' };
      const language = text
        .slice(index + 3, lineEnd)
        .trim()
        .toLowerCase();
      const contentStart = skipSpaces(text, lineEnd + 1);
      if (
        (language !== '' && language !== 'json') ||
        (contentStart < text.length && text[contentStart] !== '{')
      ) {
        return { status: 'prose-fence', contentStart: lineEnd + 1 };
      }
      const close = text.indexOf('```', lineEnd + 1);
      if (close < 0 && !complete) return { status: 'incomplete' };
      if (close < 0) return { status: 'prose-fence', contentStart: lineEnd + 1 };
      const calls = callsFromJsonBody(text.slice(lineEnd + 1, close), context, true);
      const end = close + 3;
      return calls ? { status: 'call', end, calls } : { status: 'prose', end };
    }
    case 'call-expression': {
      const open = text.indexOf('(', index);
      const argumentStart = skipSpaces(text, open + 1);
      if (argumentStart >= text.length) {
        return complete ? { status: 'prose', end: open + 1 } : { status: 'incomplete' };
      }
      if (text[argumentStart] !== '{') return { status: 'prose', end: open + 1 };
      const objectEnd = findBalancedEnd(text, argumentStart);
      if (objectEnd < 0)
        return complete ? { status: 'prose', end: open + 1 } : { status: 'incomplete' };
      const closeParen = skipSpaces(text, objectEnd);
      if (closeParen >= text.length && !complete) return { status: 'incomplete' };
      if (text[closeParen] !== ')') return { status: 'prose', end: open + 1 };
      const name = text.slice(index, open).trim();
      const parsed = parseToolArguments(name, text.slice(argumentStart, objectEnd));
      return {
        status: 'call',
        end: closeParen + 1,
        calls: [{ id: createCallId(), name, ...parsed }],
      };
    }
  }
}

/** A `{` that never closes by the end of the text: a call cut short when it names a registered tool. */
function judgeUnclosedJson(text: string, index: number, context: RecoveryContext): SpanVerdict {
  const calls = callsFromJsonBody(text.slice(index), context, true);
  return calls ? { status: 'call', end: text.length, calls } : { status: 'prose', end: index + 1 };
}
