// DuckDB's errors as one readable sentence for the approval card: no raw JSON, no statement the
// pre-flight wrapped around the person's SQL, no list of candidate functions; a line number instead.
import { errorMessage } from '../../errors/error-message';

// DuckDB-WASM reports `{"exception_type":"Parser","exception_message":"…","position":"16"}`.
interface DuckDbErrorJson {
  exception_type?: string;
  exception_message?: string;
  position?: string;
}

/** The parts of a DuckDB error: its kind, its first sentence, and the line of the SQL it points at. */
interface ErrorParts {
  kind: string;
  message: string;
  line?: number;
}

function fromJson(text: string, executed: string): ErrorParts | undefined {
  const start = text.indexOf('{');
  if (start === -1) return undefined;
  let parsed: DuckDbErrorJson;
  try {
    parsed = JSON.parse(text.slice(start)) as DuckDbErrorJson;
  } catch {
    return undefined;
  }
  if (typeof parsed.exception_message !== 'string') return undefined;
  const position = Number(parsed.position);
  const firstLine = parsed.exception_message.split('\n')[0] ?? '';
  return {
    kind: parsed.exception_type ?? '',
    message: firstLine,
    ...(parsed.position !== undefined && Number.isFinite(position)
      ? { line: executed.slice(0, position).split('\n').length }
      : {}),
  };
}

// `Parser Error: syntax error at or near "FROM"\n\nLINE 1: DESCRIBE SELECT …\n            ^`
function fromText(text: string): ErrorParts {
  const body = text.replace(/^Failed to extract statements:\s*/, '');
  const head = /^(\w+) Error:\s*([^\n]*)/.exec(body);
  const line = /LINE (\d+):/.exec(body)?.[1];
  return {
    kind: head?.[1] ?? '',
    message: head?.[2] ?? body.split('\n')[0] ?? body,
    ...(line !== undefined ? { line: Number(line) } : {}),
  };
}

/** True for text in DuckDB's error format (`Binder Error: …`, or its JSON), which needs rewording. */
export function isDuckDbErrorText(text: string): boolean {
  return /(^|: )\w+ Error: /.test(text) || text.includes('"exception_type"');
}

/**
 * One readable sentence for a DuckDB error met while checking `sql`, which DuckDB was given behind
 * `prefix` (`DESCRIBE `): "Syntax error near 'FROM' (line 1)."
 */
export function readableSqlError(error: unknown, sql: string, prefix = ''): string {
  const text = errorMessage(error);
  const parts = fromJson(text, `${prefix}${sql}`) ?? fromText(text);
  const where = parts.line === undefined ? '' : ` (line ${parts.line})`;
  const near = /syntax error at or near "(.*)"/i.exec(parts.message);
  if (near) return `Syntax error near '${near[1]}'${where}.`;
  if (/syntax error at end of input/i.test(parts.message)) {
    return 'Syntax error: the SQL ends too early.';
  }
  // The wrapped statement is the pre-flight's, never the person's: leave it out of what they read.
  const wrapper = prefix.trim();
  const message = (wrapper ? parts.message.split(wrapper).join('') : parts.message)
    .trim()
    .replace(/[!.]$/, '');
  const kind = /^parser$/i.test(parts.kind) ? 'Syntax error: ' : '';
  const capitalised = message.charAt(0).toUpperCase() + message.slice(1);
  return `${kind}${capitalised}${where}.`;
}
