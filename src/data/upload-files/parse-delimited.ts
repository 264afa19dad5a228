// A small RFC 4180 reader for CSV/TSV: quoted fields, doubled quotes, CRLF. Numbers become numbers so
// map filters such as [">", ["get", "delay"], 10] compare numerically.

/** One parsed row, keyed by header. */
export type DelimitedRow = Record<string, string | number | null>;

function coerce(value: string): string | number | null {
  if (value === '') return null;
  if (/^[-+]?(\d+\.?\d*|\.\d+)(e[-+]?\d+)?$/i.test(value) && !/^0\d/.test(value))
    return Number(value);
  return value;
}

/** Splits text into records of raw fields. */
export function splitRecords(text: string, delimiter: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (quoted) {
      if (character === '"') {
        if (text[index + 1] === '"') {
          field += '"';
          index += 1;
        } else quoted = false;
      } else field += character;
    } else if (character === '"' && field === '') quoted = true;
    else if (character === delimiter) {
      record.push(field);
      field = '';
    } else if (character === '\n' || character === '\r') {
      if (character === '\r' && text[index + 1] === '\n') index += 1;
      record.push(field);
      records.push(record);
      record = [];
      field = '';
    } else field += character;
  }
  if (field !== '' || record.length > 0) {
    record.push(field);
    records.push(record);
  }
  return records.filter((fields) => fields.length > 1 || fields[0] !== '');
}

/** A parsed CSV or TSV, with the data rows whose field count differs from the header's. */
export interface DelimitedTable {
  columns: string[];
  rows: DelimitedRow[];
  /** 1-based data row numbers (the header is row 0) that have too few or too many fields. */
  raggedRows: number[];
}

/**
 * Rows of a CSV or TSV whose first line is the header. Throws when there is no header. Short rows are
 * padded with nulls and surplus fields dropped, and both are reported in `raggedRows`, so the caller can
 * tell the person instead of changing their data silently.
 */
export function parseDelimited(text: string, delimiter = ','): DelimitedTable {
  const [header, ...records] = splitRecords(text.replace(/^\uFEFF/, ''), delimiter);
  if (!header || header.every((name) => name.trim() === '')) {
    throw new Error('The file has no header line: the first line must name the columns.');
  }
  const columns = header.map((name) => name.trim());
  const raggedRows: number[] = [];
  const rows = records.map((fields, index) => {
    if (fields.length !== columns.length) raggedRows.push(index + 1);
    const row: DelimitedRow = {};
    columns.forEach((column, index) => {
      row[column] = coerce(fields[index] ?? '');
    });
    return row;
  });
  return { columns, rows, raggedRows };
}
