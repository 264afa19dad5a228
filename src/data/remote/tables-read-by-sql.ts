// Which of a set of tables read in part (remote CSV heads, remote Parquet row groups) a statement names,
// and so must be fetched before it runs. One reading for both, so they agree on what reads no row.
import { tokenizeSql, type SqlToken } from '../../sql/sql-tokens';

/** The statement's tokens and the tables of `tables` (keyed by lower-case name) it names. */
export interface TablesReadBySql<T> {
  tokens: SqlToken[];
  named: Set<T>;
}

/**
 * The tables `sql` names among `tables`, or undefined when it reads no row of any: DESCRIBE and a plain
 * EXPLAIN (the approval card's pre-flight) bind the query only, and SQL that does not tokenize fails in
 * DuckDB before it reads anything.
 */
export function tablesReadBySql<T>(
  sql: string,
  tables: ReadonlyMap<string, T>,
): TablesReadBySql<T> | undefined {
  if (tables.size === 0) return undefined;
  let tokens: SqlToken[];
  try {
    tokens = tokenizeSql(sql);
  } catch {
    return undefined;
  }
  const first = tokens[0]?.kind === 'word' ? tokens[0].value : '';
  const analyzed = tokens.some((token) => token.kind === 'word' && token.value === 'ANALYZE');
  if (first === 'DESCRIBE' || (first === 'EXPLAIN' && !analyzed)) return undefined;
  const named = new Set<T>();
  for (const token of tokens) {
    if (token.kind !== 'word' && token.kind !== 'quoted-identifier') continue;
    const entry = tables.get(token.value.toLowerCase());
    if (entry) named.add(entry);
  }
  return { tokens, named };
}
