// Which files and URLs a query names. DuckDB reads a file or a URL as soon as it plans a query over one
// (the CSV sniffer fetches it), so anything that checks SQL before the person approves it must not hand
// such a query to DuckDB at all. This reads the tokens only, and errs towards seeing a file.
import { isToken, tokenizeSql } from './sql-tokens';
import type { SqlToken } from './sql-tokens';

// Table functions whose first argument names files or URLs.
const fileFunctionNames = new Set(
  (
    'READ_PARQUET PARQUET_SCAN READ_CSV READ_CSV_AUTO READ_JSON READ_JSON_AUTO READ_JSON_OBJECTS ' +
    'READ_JSON_OBJECTS_AUTO READ_NDJSON READ_NDJSON_AUTO READ_NDJSON_OBJECTS READ_TEXT READ_BLOB ' +
    'READ_XLSX ST_READ ST_READ_META DELTA_SCAN ICEBERG_SCAN ICEBERG_METADATA ICEBERG_SNAPSHOTS ' +
    'PARQUET_METADATA PARQUET_SCHEMA PARQUET_FILE_METADATA PARQUET_KV_METADATA SNIFF_CSV GLOB'
  ).split(' '),
);

// Any function that reads, scans or globs, or runs SQL given as text (which may itself read files).
const readingFunction =
  /^(?:READ_|PARQUET_|ICEBERG_|DELTA_|SNIFF_|ST_READ|SQLITE_|POSTGRES_|MYSQL_|HTTP_|DUCKLAKE_)|_SCAN$|^(?:GLOB|QUERY|QUERY_TABLE)$/;

// Names that DuckDB reads as files when they are not tables (`FROM data.csv`, `FROM 'x.parquet'`).
const fileExtension =
  /\.(?:csv|tsv|txt|tbl|parquet|json|jsonl|ndjson|geojson|arrow|feather|ipc|avro|orc|xlsx|xls|db|duckdb|sqlite|gpkg|shp|fgb|gz|zst|bz2|xz|zip)(?:\.(?:gz|zst|bz2|xz))?$/i;

/** True for a table function whose first argument names files or URLs, e.g. `read_csv`. */
export function isFileFunction(name: string): boolean {
  return fileFunctionNames.has(name.toUpperCase());
}

/** True for a function that reads files or URLs, scans another database, or runs SQL given as text. */
export function isReadingFunction(name: string): boolean {
  return readingFunction.test(name.toUpperCase());
}

/** True when text is a URL (`scheme://...`). */
export function isUrl(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text.trim());
}

const urlInText = /[A-Za-z][A-Za-z0-9+.-]*:\/\/[^\s'"]+/g;

/** True when text names a URL or a file: a path, a file extension, or a glob over folders. */
export function looksLikeFile(text: string): boolean {
  return (
    isUrl(text) ||
    fileExtension.test(text.replace(/[*?]+$/, '')) ||
    /^(?:\/|\.{1,2}[/\\]|~[/\\]|[A-Za-z]:[\\/])/.test(text) ||
    (/^[^\s]*[/\\][^\s]*$/.test(text) && /[*?[{]/.test(text))
  );
}

// A dotted name ending in a file extension: `data.csv` is read as a file when no such table exists.
function dottedName(tokens: readonly SqlToken[], index: number): string | undefined {
  const parts: string[] = [];
  let cursor = index;
  for (;;) {
    const token = tokens[cursor];
    if (token?.kind !== 'word' && token?.kind !== 'quoted-identifier') break;
    parts.push(token.kind === 'word' ? token.text : token.value);
    if (!isToken(tokens[cursor + 1], '.')) break;
    cursor += 2;
  }
  return parts.length > 1 ? parts.join('.') : undefined;
}

/**
 * The string literals of the first argument of a call whose arguments start at `start`: `'a.csv'`, or
 * each of `['a.csv', 'b.csv']`. A string inside another call (`read_csv(lower('x'))`) is not a file name.
 */
export function firstArgumentStrings(tokens: readonly SqlToken[], start: number): string[] {
  const strings: string[] = [];
  const open: string[] = [];
  for (let index = start; index < tokens.length; index += 1) {
    const token = tokens[index] as SqlToken;
    if (isToken(token, '(') || isToken(token, '[')) open.push(token.text);
    else if (isToken(token, ')') || isToken(token, ']')) {
      if (open.pop() === undefined) break;
    } else if (open.length === 0 && isToken(token, ',')) break;
    else if (token.kind === 'string' && open.every((bracket) => bracket === '[')) {
      strings.push(token.value);
    }
  }
  return strings;
}

/**
 * The files and URLs a query names, in order, as written: string literals and quoted names that are URLs
 * or look like files (and URLs inside longer strings), dotted names ending in a file extension, and the
 * first argument of any table function that reads files, scans another database or runs SQL text
 * (`read_csv(...)`; for `query('...')` the files that SQL names). A reading function without a literal
 * argument is reported by its name, e.g. `read_csv()`.
 */
export function externalReads(sql: string): string[] {
  const tokens = tokenizeSql(sql);
  const found: string[] = [];
  const add = (text: string): void => {
    if (!found.includes(text)) found.push(text);
  };
  tokens.forEach((token, index) => {
    if (token.kind === 'string' || token.kind === 'quoted-identifier') {
      if (looksLikeFile(token.value)) add(token.value);
      else for (const url of token.value.match(urlInText) ?? []) add(url);
    }
    if (token.kind === 'word' && !isToken(tokens[index - 1], '.')) {
      const dotted = dottedName(tokens, index);
      if (dotted !== undefined && fileExtension.test(dotted)) add(dotted);
    }
    if (
      token.kind === 'word' &&
      isToken(tokens[index + 1], '(') &&
      readingFunction.test(token.value)
    ) {
      const literals = firstArgumentStrings(tokens, index + 2);
      if (literals.length === 0) add(`${token.text}()`);
      else if (token.value === 'QUERY')
        literals.forEach((text) => externalReads(text).forEach(add));
      else literals.forEach(add);
    }
  });
  return found;
}
