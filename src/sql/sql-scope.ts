// What an approved query may reach: the loaded tables, and files by URL (which the engine then holds to
// its allowed hosts). Not the engine itself: its extensions, settings, secrets, variables, other
// databases or the disk it runs on. This is decided here, from the tokens, whatever the engine would
// do with them, so a query is refused the same way whether or not an engine was locked down or ships a
// function; a writable server is held to it too, since writing to tables needs none of it.
import { firstArgumentStrings, isReadingFunction, isUrl, looksLikeFile } from './external-reads';
import { statementVerb } from './sql-statement';
import { isToken, splitStatements, tokenizeSql, type SqlToken } from './sql-tokens';
import { unicodeSpaceRuleSets } from './unicode-spaces';

// Statements that work on the engine rather than on the tables, and what each does, for the sentence.
const engineStatements = new Map([
  ['INSTALL', 'installs a DuckDB extension'],
  ['FORCE', 'installs a DuckDB extension'],
  ['LOAD', 'loads a DuckDB extension'],
  ['ATTACH', 'opens another database'],
  ['DETACH', 'closes a database'],
  ['USE', 'switches to another database'],
  ['COPY', 'copies data to or from a file'],
  ['EXPORT', 'writes the database out to files'],
  ['IMPORT', 'reads a database in from files'],
  ['SET', "changes the engine's settings"],
  ['RESET', "changes the engine's settings"],
  ['PRAGMA', "reads or changes the engine's settings"],
  ['CALL', 'calls one of the engine’s own procedures'],
  ['CHECKPOINT', 'writes the database to disk'],
  ['VACUUM', 'rewrites the database on disk'],
]);

// Functions and views that read or change the engine or read the disk rather than the tables, and what
// each does. A name here is refused wherever it is used as a name, called or not (`duckdb_logs` and
// `pg_settings` are views).
const secrets = "reads the engine's settings, credentials among them";
const engineNames = new Map([
  ['DUCKDB_SECRETS', "lists the engine's stored credentials"],
  ['WHICH_SECRET', "looks up the engine's stored credentials"],
  ['DUCKDB_SETTINGS', secrets],
  ['PG_SETTINGS', secrets],
  ['CURRENT_SETTING', secrets],
  ['DUCKDB_PROFILING_SETTINGS', secrets],
  ['GETVARIABLE', "reads the engine's variables"],
  ['DUCKDB_VARIABLES', "reads the engine's variables"],
  ['DUCKDB_LOGS', "reads the engine's log, earlier queries among them"],
  ['DUCKDB_LOGS_PARSED', "reads the engine's log, earlier queries among them"],
  ['DUCKDB_LOG_CONTEXTS', "reads the engine's log, earlier queries among them"],
  ['DUCKDB_EXTERNAL_FILE_CACHE', 'lists the files and URLs the engine has read'],
  ['ENABLE_LOGGING', "changes the engine's logging"],
  ['DISABLE_LOGGING', "changes the engine's logging"],
  ['TRUNCATE_DUCKDB_LOGS', "changes the engine's logging"],
  ['WRITE_LOG', "writes to the engine's log"],
  ['JSON_EXECUTE_SERIALIZED_SQL', 'runs SQL given as data, which cannot be checked before it runs'],
]);

// Functions refused only when called: their names are common words (`query`, `glob`).
const engineCalls = new Map([
  ['QUERY', 'runs SQL given as text, which cannot be checked before it runs'],
  ['QUERY_TABLE', 'reads tables named by text, which cannot be checked before it runs'],
  ['READ_TEXT', 'reads any file whole'],
  ['READ_BLOB', 'reads any file whole'],
  ['GLOB', 'lists files on disk'],
  ['SNIFF_CSV', 'reads a file to guess its format'],
]);

// Clause words that end a FROM list: a string after one of these is a value, not a table.
const fromListEnds = new Set(
  'WHERE GROUP HAVING ORDER LIMIT OFFSET QUALIFY WINDOW UNION EXCEPT INTERSECT SELECT ON USING RETURNING'.split(
    ' ',
  ),
);

const notRun = 'so it was not run. Queries here read the loaded tables';

function statementRefusal(statement: readonly SqlToken[]): string | undefined {
  const verb = statementVerb(statement);
  const word = statement[verb.index];
  if (verb.keyword === undefined || word === undefined) return undefined;
  const does = engineStatements.get(verb.keyword);
  if (does !== undefined) return `${word.text} ${does}, ${notRun}, not the engine.`;
  if (verb.keyword === 'CREATE' || verb.keyword === 'DROP') {
    let index = verb.index + 1;
    while (
      ['OR', 'REPLACE', 'PERSISTENT', 'TEMPORARY', 'TEMP'].some((skip) =>
        isToken(statement[index], skip),
      )
    ) {
      index += 1;
    }
    const secret = statement[index];
    if (isToken(secret, 'SECRET')) {
      const change =
        verb.keyword === 'CREATE' ? 'stores a credential in' : 'removes a credential from';
      return `${word.text} ${secret?.text ?? ''} ${change} the engine, ${notRun}, not the engine.`;
    }
  }
  return undefined;
}

// A name as DuckDB resolves it: a word or a quoted identifier (`"duckdb_secrets"()` calls the function).
function nameOf(token: SqlToken | undefined): string | undefined {
  if (token?.kind === 'word') return token.value;
  if (token?.kind === 'quoted-identifier') return token.value.toUpperCase();
  return undefined;
}

function callRefusal(tokens: readonly SqlToken[], index: number): string | undefined {
  const token = tokens[index];
  const name = nameOf(token);
  if (token === undefined || name === undefined) return undefined;
  const called = isToken(tokens[index + 1], '(');
  const shown = called ? `${token.text}()` : token.text;
  const does = engineNames.get(name) ?? (called ? engineCalls.get(name) : undefined);
  if (does !== undefined) return `${shown} ${does}, ${notRun}, not the engine.`;
  if (!called || !isReadingFunction(name)) return undefined;
  const named = firstArgumentStrings(tokens, index + 2);
  if (named.length === 0) {
    return (
      `${shown} names what it reads with an expression, ${notRun} and files given by a ` +
      'URL written out in quotes, so that what it reads is shown before it runs.'
    );
  }
  const file = named.find((text) => !isUrl(text));
  if (file === undefined) return undefined;
  return `${shown} reads ${file} from disk, ${notRun} and files given by a URL, not the disk.`;
}

// A file named where a table goes: `FROM '/etc/passwd'`, `JOIN "x.csv"`, `FROM data.csv`.
function tableFileRefusal(tokens: readonly SqlToken[], index: number): string | undefined {
  const token = tokens[index];
  const before = tokens[index - 1];
  if (!isToken(before, 'FROM') && !isToken(before, 'JOIN') && !isToken(before, ','))
    return undefined;
  if (isToken(before, ',') && !inFromList(tokens, index - 1)) return undefined;
  let named: string | undefined;
  if (token?.kind === 'string' || token?.kind === 'quoted-identifier') {
    if (looksLikeFile(token.value) && !isUrl(token.value)) named = token.value;
  } else if (token?.kind === 'word' && isToken(tokens[index + 1], '.')) {
    const parts = [token.text];
    for (let cursor = index + 2; tokens[cursor]?.kind === 'word'; cursor += 2) {
      parts.push(tokens[cursor]?.text ?? '');
      if (!isToken(tokens[cursor + 1], '.')) break;
    }
    const dotted = parts.join('.');
    if (looksLikeFile(dotted) && !isUrl(dotted)) named = dotted;
  }
  if (named === undefined) return undefined;
  return `The query reads ${named} from disk as a table, ${notRun} and files given by a URL, not the disk.`;
}

// Whether the comma at `comma` separates tables of a FROM list (walking back at the same depth).
function inFromList(tokens: readonly SqlToken[], comma: number): boolean {
  let depth = 0;
  for (let index = comma - 1; index >= 0; index -= 1) {
    const token = tokens[index];
    if (isToken(token, ')')) depth += 1;
    else if (isToken(token, '(')) {
      if (depth === 0) return false;
      depth -= 1;
    } else if (depth === 0 && token?.kind === 'word') {
      if (token.value === 'FROM') return true;
      if (fromListEnds.has(token.value)) return false;
    }
  }
  return false;
}

/**
 * Why a query may not run because of what it reaches beyond the loaded tables (an extension, a setting,
 * a secret, a variable, another database, a file on disk, SQL given as text), or `undefined`. Read under
 * each DuckDB version's rules for Unicode spaces, every statement of the text.
 */
export function scopeRefusal(sql: string): string | undefined {
  for (const rules of unicodeSpaceRuleSets(sql)) {
    for (const statement of splitStatements(tokenizeSql(sql, rules))) {
      const refusal =
        statementRefusal(statement) ??
        statement.reduce<string | undefined>(
          (found, _token, index) =>
            found ?? callRefusal(statement, index) ?? tableFileRefusal(statement, index),
          undefined,
        );
      if (refusal !== undefined) return refusal;
    }
  }
  return undefined;
}
