// Which of a table's columns a query can read, told from its words alone, so a remote Parquet file
// fetches only those. It errs on the side of more: any column whose name appears anywhere counts, and a
// `*` that is not `count(*)` (a star select, `t.*`, a product), a `#1` or DuckDB's COLUMNS() means
// all of them.
import { tokenizeSql } from '../../sql/sql-tokens';

/** The columns of `columns` that `sql` may read, in the table's order; all of them when unsure. */
export function parquetColumnsNeeded(sql: string, columns: readonly string[]): string[] {
  let tokens;
  try {
    tokens = tokenizeSql(sql);
  } catch {
    return [...columns];
  }
  const named = new Set<string>();
  for (const [index, token] of tokens.entries()) {
    if (token.kind === 'operator') {
      // `#1` names a column by its place; a `*` may hide in a longer operator (`*-`).
      if (!token.text.includes('*') && !token.text.includes('#')) continue;
      const countStar =
        token.text === '*' && tokens[index - 1]?.text === '(' && tokens[index + 1]?.text === ')';
      if (!countStar) return [...columns];
      continue;
    }
    if (token.kind !== 'word' && token.kind !== 'quoted-identifier') continue;
    if (token.kind === 'word' && token.value.toUpperCase() === 'COLUMNS') return [...columns];
    named.add(token.value.toLowerCase());
  }
  return columns.filter((column) => named.has(column.toLowerCase()));
}
