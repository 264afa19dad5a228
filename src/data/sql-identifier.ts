// Table and column names reach SQL only through this quoting.

/** Quotes a name as a SQL identifier ("my ""table"""). */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Quotes a value as a SQL string literal. */
export function quoteLiteral(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A safe table name from a file name: "My Data-2024.csv" becomes "my_data_2024". */
export function tableNameFromFile(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '').replace(/\.[^.]+$/, '');
  const cleaned = base
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!cleaned) return 'table_1';
  return /^[0-9]/.test(cleaned) ? `t_${cleaned}` : cleaned;
}
