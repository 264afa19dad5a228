// Which tool arguments carry SQL: the card's editor, its description and SQL-aware masking agree on them.

/** Argument names that carry SQL, in the order they are looked for. */
export const SQL_ARGUMENT_NAMES = ['sql_query', 'sql', 'query'] as const;

/** The name of the argument that carries a call's SQL, when it has one. */
export function sqlArgumentName(args: Record<string, unknown>): string | undefined {
  return SQL_ARGUMENT_NAMES.find((name) => typeof args[name] === 'string');
}

/** The SQL argument of a call, when it has one. */
export function sqlArgument(args: Record<string, unknown>): string | undefined {
  const name = sqlArgumentName(args);
  return name === undefined ? undefined : (args[name] as string);
}
