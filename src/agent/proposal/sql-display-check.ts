// The SQL a person approves is the SQL shown with its secrets masked. If masking ever changed what that
// SQL does (a mask swallowing a second statement), the card would show one query and Approve run
// another: this check compares the two statement by statement, and such a call is refused.
import { statementKeyword } from '../../sql/sql-statement';
import { splitStatements, tokenizeSql } from '../../sql/sql-tokens';
import { SQL_ARGUMENT_NAMES } from '../sql-argument-names';

function statementVerbs(sql: string): string[] {
  return splitStatements(tokenizeSql(sql)).map((statement) => statementKeyword(statement) ?? '?');
}

function describeStatements(verbs: string[]): string {
  const count = verbs.length === 1 ? '1 statement' : `${verbs.length} statements`;
  return verbs.length === 0 ? 'no statement' : `${count} (${verbs.join(', ')})`;
}

/**
 * Why the SQL shown (`display`, secrets masked) and the SQL that would run (`args`) differ in their
 * statements or verbs, or undefined when they agree (or the call carries no SQL).
 */
export function sqlDisplayMismatch(
  args: Record<string, unknown>,
  display: Record<string, unknown>,
): string | undefined {
  for (const name of SQL_ARGUMENT_NAMES) {
    const real = args[name];
    const shown = display[name];
    if (typeof real !== 'string' || typeof shown !== 'string' || real === shown) continue;
    const realVerbs = statementVerbs(real);
    const shownVerbs = statementVerbs(shown);
    if (realVerbs.join(';') === shownVerbs.join(';')) continue;
    return (
      `The SQL shown with its secrets masked reads as ${describeStatements(shownVerbs)}, but the SQL ` +
      `that would run is ${describeStatements(realVerbs)}. It cannot be approved: Deny it and ask for ` +
      'the query again.'
    );
  }
  return undefined;
}
