// What a query on a PostgreSQL server may not call, beyond what `scopeRefusal` refuses on every engine:
// the server's files, programs, settings, other sessions and other databases. The database holds the
// line too (a read-only role, a READ ONLY transaction, no superuser); this says why before it runs.
import { isToken, tokenizeSql } from './sql-tokens';

const notRun = 'so it was not run. Queries here read the tables';

// Functions called by name, by what they reach.
const refusedCalls: [RegExp, string][] = [
  [/^PG_(?:READ_FILE|READ_BINARY_FILE|LS_\w+|STAT_FILE)$/, "reads the database server's files"],
  [
    /^LO_(?:IMPORT|EXPORT|GET|PUT|FROM_BYTEA|OPEN|CREATE|CREAT|UNLINK)$/,
    'reads or writes large objects and files',
  ],
  [
    /^(?:SET_CONFIG|CURRENT_SETTING|PG_RELOAD_CONF|PG_ROTATE_LOGFILE)$/,
    "reads or changes the server's settings",
  ],
  [/^PG_(?:CANCEL_BACKEND|TERMINATE_BACKEND|SIGNAL_BACKEND)$/, 'stops other sessions'],
  [
    /^(?:DBLINK\w*|PG_FILE_\w+|PG_LOGICAL_\w+|PG_CREATE_\w+|PG_DROP_\w+|PG_ADVISORY_\w+|PG_TRY_ADVISORY_\w+)$/,
    'reaches past the tables',
  ],
  [
    /^(?:QUERY_TO_XML\w*|TABLE_TO_XML\w*|CURSOR_TO_XML\w*|DATABASE_TO_XML\w*|SCHEMA_TO_XML\w*)$/,
    'runs SQL given as text, which cannot be checked before it runs',
  ],
];

/** Why a query may not run on a PostgreSQL server, for what it calls, or `undefined`. */
export function postgresScopeRefusal(sql: string): string | undefined {
  const tokens = tokenizeSql(sql);
  for (let index = 0; index < tokens.length; index++) {
    const token = tokens[index];
    if (token?.kind !== 'word' && token?.kind !== 'quoted-identifier') continue;
    if (!isToken(tokens[index + 1], '(')) continue;
    const name = (token.kind === 'word' ? token.value : token.value.toUpperCase()).replace(
      /^.*\./,
      '',
    );
    const refused = refusedCalls.find(([pattern]) => pattern.test(name));
    if (refused) return `${token.text}() ${refused[1]}, ${notRun}, not the server.`;
  }
  return undefined;
}
