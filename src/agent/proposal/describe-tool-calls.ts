// The approval card's own words for what a tool call will do. They come from the arguments, never from
// the model, so a person can trust them even when the model's explanation is wrong or misleading.
import { externalReads, isUrl } from '../../sql/external-reads';
import { isReadOnlySql, MODIFYING_KEYWORDS, READ_ONLY_KEYWORDS } from '../../sql/sql-statement';
import { tokenizeSql } from '../../sql/sql-tokens';
import { summarizeSql, SQL_FEATURES } from '../../sql/summarize-sql';
import { redactArguments, redactSecrets } from '../redact/redact';
import { SQL_ARGUMENT_NAMES } from '../sql-argument-names';
import { englishList } from './english-list';
import { summarizeArguments } from './summarize-arguments';
import type { ToolCall } from '../types';

export { SQL_ARGUMENT_NAMES };

const maximumTables = 8;
const maximumLineLength = 400;

// `query` is also the name of a search box's text; it counts as SQL only when it starts like SQL.
const sqlStarts = new Set([...READ_ONLY_KEYWORDS, ...MODIFYING_KEYWORDS, 'WITH', 'EXPLAIN']);

/**
 * Describes tool calls in deterministic plain English for the approval card: one line per call,
 * numbered when there are several. SQL calls name their tables and shape, and say `modifies data` when
 * they change data or state; every file and URL a query names is shown whole, first, and never shortened
 * or cut. Other calls show their name and a short, redacted summary of the arguments.
 */
export function describeToolCalls(calls: ToolCall[]): string {
  if (calls.length === 0) return 'No tool calls.';
  if (calls.length === 1) return describeCall(calls[0] as ToolCall);
  return calls.map((call, index) => `${index + 1}. ${describeCall(call)}`).join('\n');
}

function describeCall(call: ToolCall): string {
  const name = call.name.trim() === '' ? '(unnamed tool)' : call.name;
  if (call.argumentsError !== undefined) {
    return bound(`${name}: arguments could not be read (${redactSecrets(call.argumentsError)}).`);
  }
  const sqlName = sqlArgumentName(call);
  if (sqlName === undefined) {
    const summary = summarizeArguments(redactArguments(call.arguments));
    return bound(summary === '' ? `${name} (no arguments).` : `${name}: ${summary}.`);
  }
  // The query's `explanation` is the model's sentence, shown apart on the card, never as our own words.
  const others = Object.fromEntries(
    Object.entries(call.arguments).filter(([key]) => key !== sqlName && key !== 'explanation'),
  );
  const otherSummary = summarizeArguments(redactArguments(others));
  const sqlText = call.arguments[sqlName] as string;
  const sql = describeSql(sqlText);
  return bound(
    redactSecrets(`${name}: ${sql}${otherSummary === '' ? '' : `; with ${otherSummary}`}.`),
    externalReads(sqlText).map((source) => redactSecrets(source)),
  );
}

/**
 * True when the call's SQL may change data or state: the card's `modifies data` warning, decided from
 * the SQL itself so it never depends on the wording of a description.
 */
export function callModifiesData(call: ToolCall): boolean {
  if (call.argumentsError !== undefined) return false;
  const sqlName = sqlArgumentName(call);
  return sqlName !== undefined && !isReadOnlySql(call.arguments[sqlName] as string);
}

function sqlArgumentName(call: ToolCall): string | undefined {
  return SQL_ARGUMENT_NAMES.find((key) => isSql(key, call.arguments[key]));
}

function isSql(key: string, value: unknown): boolean {
  if (typeof value !== 'string') return false;
  if (key !== 'query') return true;
  const first = tokenizeSql(value.slice(0, 2000))[0];
  return first !== undefined && (first.text === '(' || sqlStarts.has(first.value));
}

function describeSql(sql: string): string {
  const summary = summarizeSql(sql);
  // A file a statement writes (COPY ... TO 'f') is named whole in its modification label already.
  const external = externalReads(sql).filter(
    (source) => !summary.modifications.some((label) => label.includes(source)),
  );
  const tables = [...external, ...summary.tables.filter((table) => !external.includes(table))];
  if (summary.statementCount === 0) return 'empty SQL';
  const parts: string[] = [];
  if (summary.statementCount > 1) parts.push(`${summary.statementCount} statements`);
  if (summary.modifications.length > 0) {
    parts.push(`modifies data (${summary.modifications.join(', ')})`);
  }
  if (tables.length > 0) parts.push(`reads ${listTables(tables, external)}`);
  else if (summary.modifications.length === 0) parts.push('reads no tables');
  const features = SQL_FEATURES.filter((feature) => summary.features.has(feature));
  if (features.length > 0) parts.push(englishList(features));
  return parts.join('; ');
}

// Files and URLs come first and are never folded into "and N more": a person must see every place a
// query reads from outside the page's own tables.
function listTables(tables: readonly string[], external: readonly string[]): string {
  const labelled = tables.map((table) => (external.includes(table) ? labelSource(table) : table));
  const keep = Math.max(maximumTables - 1, external.length);
  if (labelled.length <= Math.max(maximumTables, external.length)) return englishList(labelled);
  const shown = labelled.slice(0, keep);
  return `${shown.join(', ')} and ${labelled.length - shown.length} more`;
}

function labelSource(source: string): string {
  if (isUrl(source)) return `${source} (a URL outside this page)`;
  return source.endsWith('()') ? source : `${source} (a file)`;
}

// One line per call: newlines inside names or values would break the card's numbering. A long line is
// cut, but never through a file or URL the query reads: those are shown whole however long.
function bound(text: string, keepWhole: readonly string[] = []): string {
  const line = text.replace(/\s+/g, ' ');
  if (line.length <= maximumLineLength) return line;
  const cut = line.slice(0, maximumLineLength - 1);
  const wouldCut = keepWhole.some((source) => {
    const flat = source.replace(/\s+/g, ' ');
    return line.includes(flat) && !cut.includes(flat);
  });
  return wouldCut ? line : `${cut}…`;
}
