// The pre-flight's errors read as sentences whichever DuckDB reported them: DuckDB-WASM's JSON or the
// native engine's text, with no statement the check wrapped around the SQL and no candidate lists.
import { describe, expect, it } from 'vitest';
import {
  isDuckDbErrorText,
  readableSqlError,
} from '../../../src/data/preflight/readable-sql-error';

describe('readable SQL errors', () => {
  it('turns DuckDB-WASM’s JSON into a sentence with the line', () => {
    const raw =
      '{"exception_type":"Parser","exception_message":"syntax error at or near \\"FROM\\"","position":"21","error_subtype":"SYNTAX_ERROR"}';
    expect(isDuckDbErrorText(raw)).toBe(true);
    expect(readableSqlError(new Error(raw), 'SELECT name\nFROM FROM airports', 'DESCRIBE ')).toBe(
      "Syntax error near 'FROM' (line 2).",
    );
  });

  it('leaves out the DESCRIBE the check adds and the list of candidate functions', () => {
    const raw =
      "Binder Error: No function matches the given name and argument types '+(VARCHAR, INTEGER_LITERAL)'. You might need to add explicit type casts.\n\tCandidate functions:\n\t+(TINYINT) -> TINYINT\n\nLINE 1: DESCRIBE SELECT name + 1 FROM airports\n                             ^";
    const text = readableSqlError(new Error(raw), 'SELECT name + 1 FROM airports', 'DESCRIBE ');
    expect(text).toBe(
      "No function matches the given name and argument types '+(VARCHAR, INTEGER_LITERAL)'. You might need to add explicit type casts (line 1).",
    );
    expect(text).not.toMatch(/DESCRIBE|Candidate|\{/);
  });

  it('says a query that stops early ends too early', () => {
    expect(readableSqlError('Parser Error: syntax error at end of input', 'SELECT * FROM')).toBe(
      'Syntax error: the SQL ends too early.',
    );
  });

  it('reads the JSON’s message and drops a DESCRIBE that DuckDB quoted back', () => {
    const raw = JSON.stringify({
      exception_type: 'Catalog',
      exception_message: 'Table with name nothere does not exist!\nDid you mean "pg_indexes"?',
    });
    expect(readableSqlError(raw, 'SELECT * FROM nothere', 'DESCRIBE ')).toBe(
      'Table with name nothere does not exist.',
    );
  });
});
