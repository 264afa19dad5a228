// Which row groups of a remote Parquet table a query can need, told from its filter and the footer's
// value ranges, so only those are fetched. Understood: one SELECT from the table alone (no join, no
// subquery, no set operation) whose WHERE is conditions joined by AND, of which `column op literal`
// (=, <, <=, >, >=), `column BETWEEN literal AND literal` and `column IN (literals)` are used and the
// others ignored. A row group none of whose values can meet one of them is skipped; any other query
// reads every row group. Sound because every such condition is false (or NULL) for a skipped row
// group's rows, fetched or not: a column not fetched reads NULL there.
import { tokenizeSql, type SqlToken } from '../../sql/sql-tokens';
import type { ColumnRange, RowGroupStatistics } from './parquet-footer-statistics';

type Literal = { kind: 'number'; text: string } | { kind: 'string'; bytes: Uint8Array };

interface Condition {
  column: string;
  /** The values it admits: a comparison, a closed interval or a list. */
  test:
    | { op: '=' | '<' | '<=' | '>' | '>='; value: Literal }
    | { op: 'between'; low: Literal; high: Literal }
    | { op: 'in'; values: Literal[] };
}

// Words that end the FROM clause's alias, or the WHERE clause.
const clauseWords = new Set(['GROUP', 'ORDER', 'LIMIT', 'HAVING', 'QUALIFY', 'WINDOW', 'OFFSET']);
// Words that bring in another relation or a second query: the filter may then not cover every row.
const otherRelations = new Set([
  'JOIN',
  'UNION',
  'INTERSECT',
  'EXCEPT',
  'WITH',
  'PIVOT',
  'UNPIVOT',
  'LATERAL',
  'RECURSIVE',
]);
const comparisons = new Set(['=', '==', '<', '<=', '>', '>=']);
const mirrored: Record<string, '=' | '<' | '<=' | '>' | '>='> = {
  '=': '=',
  '==': '=',
  '<': '>',
  '<=': '>=',
  '>': '<',
  '>=': '<=',
};

/**
 * The indexes of the row groups of `table` that `sql` can need, in order; every row group when the
 * query or its filter is not understood. `columns` are the table's column names.
 */
export function parquetRowGroupsNeeded(
  sql: string,
  table: string,
  columns: readonly string[],
  groups: readonly RowGroupStatistics[],
): number[] {
  const all = groups.map((_group, index) => index);
  let tokens: SqlToken[];
  try {
    tokens = tokenizeSql(sql);
  } catch {
    return all;
  }
  const where = whereClause(tokens, table);
  if (!where) return all;
  const names = new Map(columns.map((column) => [column.toLowerCase(), column]));
  const conditions = conjuncts(where)
    ?.map((conjunct) => condition(conjunct, names))
    .filter((found): found is Condition => found !== undefined);
  if (!conditions || conditions.length === 0) return all;
  return all.filter((index) =>
    conditions.every((found) => {
      const range = groups[index]?.ranges[found.column];
      return range === undefined || mayMatch(range, found.test);
    }),
  );
}

/** The WHERE clause's tokens when the query reads `table` alone in one SELECT, else undefined. */
function whereClause(tokens: SqlToken[], table: string): SqlToken[] | undefined {
  const words = (name: string) =>
    tokens.filter((token) => token.kind === 'word' && token.value === name).length;
  if (tokens.at(-1)?.text === ';') tokens = tokens.slice(0, -1);
  const first = tokens[0];
  if (first?.kind !== 'word' || (first.value !== 'SELECT' && first.value !== 'FROM')) return;
  if (words('SELECT') > 1 || words('FROM') !== 1 || words('WHERE') !== 1) return;
  if (tokens.some((token) => token.kind === 'word' && otherRelations.has(token.value))) return;
  if (tokens.some((token) => token.text === ';')) return;
  let index = tokens.findIndex((token) => token.kind === 'word' && token.value === 'FROM');
  const named = tokens[index + 1];
  if (!named || !isName(named) || named.value.toLowerCase() !== table.toLowerCase()) return;
  index += 2;
  // An alias, with or without AS; nothing else may stand between the table and WHERE.
  if (tokens[index]?.kind === 'word' && tokens[index]?.value === 'AS') index += 1;
  const alias = tokens[index];
  if (alias && isName(alias) && !(alias.kind === 'word' && alias.value === 'WHERE')) index += 1;
  if (tokens[index]?.kind !== 'word' || tokens[index]?.value !== 'WHERE') return;
  const clause: SqlToken[] = [];
  let depth = 0;
  for (const token of tokens.slice(index + 1)) {
    if (token.text === '(') depth += 1;
    if (token.text === ')') depth -= 1;
    if (depth === 0 && token.kind === 'word' && clauseWords.has(token.value)) break;
    clause.push(token);
  }
  return clause;
}

/** The clause split at its top-level ANDs; undefined when an OR or a CASE joins its parts otherwise. */
function conjuncts(clause: SqlToken[]): SqlToken[][] | undefined {
  const parts: SqlToken[][] = [[]];
  let depth = 0;
  let between = false;
  for (const token of clause) {
    if (token.text === '(') depth += 1;
    if (token.text === ')') depth -= 1;
    const word = token.kind === 'word' ? token.value : '';
    if (word === 'CASE') return;
    if (depth === 0 && word === 'OR') return;
    if (depth === 0 && word === 'BETWEEN') between = true;
    if (depth === 0 && word === 'AND') {
      // BETWEEN's own AND joins its bounds, not two conditions.
      if (between) between = false;
      else {
        parts.push([]);
        continue;
      }
    }
    parts.at(-1)!.push(token);
  }
  return parts;
}

/** A condition this file understands, or undefined. */
function condition(tokens: SqlToken[], names: Map<string, string>): Condition | undefined {
  const at = columnAt(tokens, 0, names);
  if (at) {
    const [column, next] = at;
    const operator = tokens[next];
    if (operator?.kind === 'operator' && comparisons.has(operator.text)) {
      const value = literalAt(tokens, next + 1);
      if (value && value[1] === tokens.length)
        return { column, test: { op: flip(operator.text), value: value[0] } };
      return;
    }
    if (operator?.kind === 'word' && operator.value === 'BETWEEN') {
      const low = literalAt(tokens, next + 1);
      if (!low || tokens[low[1]]?.value !== 'AND') return;
      const high = literalAt(tokens, low[1] + 1);
      if (!high || high[1] !== tokens.length) return;
      return { column, test: { op: 'between', low: low[0], high: high[0] } };
    }
    if (operator?.kind === 'word' && operator.value === 'IN' && tokens[next + 1]?.text === '(') {
      const values: Literal[] = [];
      let index = next + 2;
      for (;;) {
        const value = literalAt(tokens, index);
        if (!value) return;
        values.push(value[0]);
        index = value[1];
        if (tokens[index]?.text === ',') index += 1;
        else break;
      }
      if (tokens[index]?.text !== ')' || index + 1 !== tokens.length) return;
      return { column, test: { op: 'in', values } };
    }
    return;
  }
  // `literal op column`, the comparison seen from the column's side.
  const value = literalAt(tokens, 0);
  const operator = value ? tokens[value[1]] : undefined;
  if (!value || operator?.kind !== 'operator' || !comparisons.has(operator.text)) return;
  const right = columnAt(tokens, value[1] + 1, names);
  if (!right || right[1] !== tokens.length) return;
  return { column: right[0], test: { op: mirrored[operator.text]!, value: value[0] } };
}

function flip(operator: string): '=' | '<' | '<=' | '>' | '>=' {
  return operator === '==' ? '=' : (operator as '=' | '<' | '<=' | '>' | '>=');
}

function isName(token: SqlToken): boolean {
  return token.kind === 'word' || token.kind === 'quoted-identifier';
}

/** A column of the table at `index` (`name` or `qualifier.name`): its name and the next index. */
function columnAt(
  tokens: SqlToken[],
  index: number,
  names: Map<string, string>,
): [string, number] | undefined {
  let at = index;
  if (tokens[at + 1]?.text === '.' && tokens[at] && isName(tokens[at]!)) at += 2;
  const token = tokens[at];
  if (!token || !isName(token)) return;
  const column = names.get(token.value.toLowerCase());
  return column === undefined ? undefined : [column, at + 1];
}

/** A plain number (with a leading minus) or a plain string literal at `index`, and the next index. */
function literalAt(tokens: SqlToken[], index: number): [Literal, number] | undefined {
  const token = tokens[index];
  if (!token) return;
  if (token.kind === 'operator' && token.text === '-' && tokens[index + 1]?.kind === 'number')
    return [{ kind: 'number', text: `-${tokens[index + 1]!.text}` }, index + 2];
  if (token.kind === 'number') return [{ kind: 'number', text: token.text }, index + 1];
  // Only '...': an E'...' string's escapes or a $$ string would need reading as DuckDB reads them.
  if (token.kind === 'string' && token.text.startsWith("'"))
    return [{ kind: 'string', bytes: new TextEncoder().encode(token.value) }, index + 1];
  return;
}

/** -1, 0 or 1 as `value` compares with the range's bounds; undefined when they cannot be compared. */
type Compare = (value: Literal, bound: 'min' | 'max') => number | undefined;

/** False only when no value in `range` can meet `test`. */
function mayMatch(range: ColumnRange, test: Condition['test']): boolean {
  const compare = comparer(range);
  // `range.max` compared with `value`, `range.min` compared with `value`.
  const below = (value: Literal) => {
    const order = compare(value, 'max');
    return order !== undefined && order > 0; // every value is below it
  };
  const above = (value: Literal) => {
    const order = compare(value, 'min');
    return order !== undefined && order < 0; // every value is above it
  };
  // DuckDB orders NaN above every number, and a float column's bounds leave NaN out: a float's
  // largest value cannot rule out `>` or `>=`.
  const maxBoundsAll = range.kind !== 'float';
  switch (test.op) {
    case '=':
      return !(below(test.value) || above(test.value));
    case '<':
      return !(above(test.value) || compare(test.value, 'min') === 0);
    case '<=':
      return !above(test.value);
    case '>':
      return !(maxBoundsAll && (below(test.value) || compare(test.value, 'max') === 0));
    case '>=':
      return !(maxBoundsAll && below(test.value));
    case 'between':
      // NaN is above the high bound: the interval never admits it.
      return !(below(test.low) || above(test.high));
    case 'in':
      return test.values.some((value) => !(below(value) || above(value)));
  }
}

/** How literals compare with this range's bounds. */
function comparer(range: ColumnRange): Compare {
  switch (range.kind) {
    case 'integer':
      return (value, bound) => {
        // Only whole numbers: DuckDB compares an integer with a decimal as a decimal.
        if (value.kind !== 'number' || !/^-?[0-9_]+$/.test(value.text)) return undefined;
        const literal = BigInt(value.text.replaceAll('_', ''));
        const edge = range[bound];
        return literal < edge ? -1 : literal > edge ? 1 : 0;
      };
    case 'float':
      return (value, bound) => {
        if (value.kind !== 'number') return undefined;
        const literal = Number(value.text.replaceAll('_', ''));
        // A FLOAT column may be compared in single precision: only literals it holds exactly.
        if (!Number.isFinite(literal) || (range.bits === 32 && Math.fround(literal) !== literal))
          return undefined;
        const edge = range[bound];
        return literal < edge ? -1 : literal > edge ? 1 : 0;
      };
    case 'string':
      return (value, bound) =>
        value.kind === 'string' ? compareBytes(value.bytes, range[bound]) : undefined;
  }
}

/** Byte order, as DuckDB compares text (no collation). */
function compareBytes(left: Uint8Array, right: Uint8Array): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    if (left[index] !== right[index]) return left[index]! < right[index]! ? -1 : 1;
  }
  return Math.sign(left.length - right.length);
}
