// How both engines read CSV and TSV: the same way the map and the catalog read them (first line is the
// header; short rows padded with nulls; extra fields kept in extra columns), so SQL never sees a different
// table from the one the person was told about. Left to its own guesses, DuckDB can take a ragged file
// for one with no header and keep a single row.

/** The read_csv options after the file argument, for CSV or TSV. */
export function csvReadOptions(format: 'csv' | 'tsv'): string {
  const delimiter = format === 'tsv' ? ", delim = '\\t'" : '';
  return `, header = true, null_padding = true, strict_mode = false${delimiter}`;
}
