// The approval card's own words for what a tool call will do. They come from the arguments, never from
// the model, so a person can trust them even when the model's explanation is wrong or misleading.
import { isReadOnlySql, MODIFYING_KEYWORDS, READ_ONLY_KEYWORDS } from '../sql/sql-statement';
import { tokenizeSql } from '../sql/sql-tokens';
import { summarizeSql, SQL_FEATURES } from '../sql/summarize-sql';
import { redactArguments, redactSecrets } from './redact';
import { SQL_ARGUMENT_NAMES } from './sql-argument-names';
import { summarizeArguments } from './summarize-arguments';
import type { ToolCall } from './types';

export { SQL_ARGUMENT_NAMES };

const maximumTables = 8;
const maximumLineLength = 400;

// `query` is also the name of a search box's text; it counts as SQL only when it starts like SQL.
const sqlStarts = new Set([...READ_ONLY_KEYWORDS, ...MODIFYING_KEYWORDS, 'WITH', 'EXPLAIN']);

/**
 * Describes tool calls in deterministic plain English for the approval card: one line per call,
 * numbered when there are several. SQL calls name their tables and shape, and say `modifies data` when
 * they change data or state; other calls show their name and a short, redacted summary of the arguments.
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
  const others = Object.fromEntries(
    Object.entries(call.arguments).filter(([key]) => key !== sqlName),
  );
  const otherSummary = summarizeArguments(redactArguments(others));
  const sql = describeSql(call.arguments[sqlName] as string);
  return bound(
    redactSecrets(`${name}: ${sql}${otherSummary === '' ? '' : `; with ${otherSummary}`}.`),
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
  if (summary.statementCount === 0) return 'empty SQL';
  const parts: string[] = [];
  if (summary.statementCount > 1) parts.push(`${summary.statementCount} statements`);
  if (summary.modifications.length > 0) {
    parts.push(`modifies data (${summary.modifications.join(', ')})`);
  }
  if (summary.tables.length > 0) parts.push(`reads ${listTables(summary.tables)}`);
  else if (summary.modifications.length === 0) parts.push('reads no tables');
  const features = SQL_FEATURES.filter((feature) => summary.features.has(feature));
  if (features.length > 0) parts.push(englishList(features));
  return parts.join('; ');
}

function listTables(tables: readonly string[]): string {
  if (tables.length <= maximumTables) return englishList(tables);
  const shown = tables.slice(0, maximumTables - 1);
  return `${shown.join(', ')} and ${tables.length - shown.length} more`;
}

function englishList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

// One line per call: newlines inside names or values would break the card's numbering.
function bound(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length <= maximumLineLength ? line : `${line.slice(0, maximumLineLength - 1)}…`;
}
