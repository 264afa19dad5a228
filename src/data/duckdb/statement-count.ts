// How many statements DuckDB's own scanner sees: the runs of tokens between `;` tokens. DuckDB's grammar
// splits statements at exactly these semicolons (one inside parentheses is a syntax error), and drops
// empty ones, so this is the count DuckDB runs whenever the SQL parses.
import type { WasmScriptTokens } from '../duckdb-wasm-types';

const operatorToken = 3;
const semicolon = 0x3b;

/** The number of non-empty statements in `sql`, from DuckDB's tokens of it (offsets are UTF-8 bytes). */
export function statementCount(sql: string, tokens: WasmScriptTokens): number {
  const bytes = new TextEncoder().encode(sql);
  let count = 0;
  let inStatement = false;
  tokens.offsets.forEach((offset, index) => {
    const isSemicolon = tokens.types[index] === operatorToken && bytes[offset] === semicolon;
    if (isSemicolon) {
      inStatement = false;
    } else if (!inStatement) {
      inStatement = true;
      count += 1;
    }
  });
  return count;
}
