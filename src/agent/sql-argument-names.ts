// Which tool arguments carry SQL: the card's editor, its description and SQL-aware masking agree on them.

/** Argument names that carry SQL, in the order they are looked for. */
export const SQL_ARGUMENT_NAMES = ['sql_query', 'sql', 'query'] as const;
