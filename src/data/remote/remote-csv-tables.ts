// CSV and TSV datasets on a data host, read from their head while queries need only that. Loading one
// reads its first 64 KB by HTTP range and makes the table of the whole rows in them. A query that reads
// its first rows and nothing else (`SELECT a, b FROM t LIMIT n`, no filter, order, grouping or function)
// grows the head, doubling the range, until it holds the rows asked for; any other query, and drawing
// the table's points, replaces it with the whole file first. The head's rows are the whole file's
// first rows, so those queries answer as the whole table does.
import { tablesReadBySql } from './tables-read-by-sql';
import type { SqlToken } from '../../sql/sql-tokens';

/**
 * Reads the first `length` bytes of the file at `url` (Infinity: all of it); `whole` when they are
 * the whole file (it ended first, or the host ignored the range).
 */
export type ReadCsvHead = (
  url: string,
  length: number,
) => Promise<{ bytes: Uint8Array; whole: boolean }>;

/** Makes `table` of CSV or TSV bytes (replacing it), and counts its rows. */
export type LoadCsvBytes = (
  table: string,
  format: 'csv' | 'tsv',
  bytes: Uint8Array,
) => Promise<{ rows: number }>;

/** The bytes read first; each further read asks for twice as many. */
export const firstHeadBytes = 64 * 1024;

interface RemoteCsv {
  table: string;
  url: string;
  format: 'csv' | 'tsv';
  /** Rows in the table now, and whether they are the whole file's. */
  rows: number;
  whole: boolean;
  /** Bytes asked for last. */
  asked: number;
  /** The last change: the next waits for it. */
  pending: Promise<void>;
}

/** The remote CSV and TSV tables of one engine. */
export class RemoteCsvTables {
  private readonly tables = new Map<string, RemoteCsv>();

  constructor(
    private readonly readHead: ReadCsvHead,
    private readonly loadBytes: LoadCsvBytes,
  ) {}

  /** Reads the file's head and makes `table` of its whole rows. */
  async register(table: string, url: string, format: 'csv' | 'tsv'): Promise<void> {
    this.tables.delete(table.toLowerCase());
    const entry: RemoteCsv = {
      table,
      url,
      format,
      rows: 0,
      whole: false,
      asked: 0,
      pending: Promise.resolve(),
    };
    await this.grow(entry, firstHeadBytes);
    this.tables.set(table.toLowerCase(), entry);
  }

  /** Forgets `table` (its table is the caller's to drop). */
  forget(table: string): void {
    this.tables.delete(table.toLowerCase());
  }

  /** Before `sql` runs: the head of each remote CSV it names grown to the rows it reads, or the whole file. */
  async prepare(sql: string): Promise<void> {
    const read = tablesReadBySql(sql, this.tables);
    if (!read) return;
    const { tokens, named } = read;
    for (const entry of named) {
      const rows = named.size === 1 ? headRowsRead(tokens, entry.table) : undefined;
      await this.serialise(entry, () =>
        rows === undefined ? this.grow(entry, Infinity) : this.growTo(entry, rows),
      );
    }
  }

  /** Loads the whole file of `table`, if it is a remote CSV read in part (to draw its points). */
  async loadWhole(table: string): Promise<void> {
    const entry = this.tables.get(table.toLowerCase());
    if (entry) await this.serialise(entry, () => this.grow(entry, Infinity));
  }

  private serialise(entry: RemoteCsv, work: () => Promise<void>): Promise<void> {
    const running = entry.pending.then(work);
    entry.pending = running.catch(() => undefined);
    return running;
  }

  private async growTo(entry: RemoteCsv, rows: number): Promise<void> {
    while (!entry.whole && entry.rows < rows) await this.grow(entry, entry.asked * 2);
  }

  /** Reads `length` bytes of the head (the whole file for Infinity) and makes the table of them. */
  private async grow(entry: RemoteCsv, length: number): Promise<void> {
    if (entry.whole) return;
    const { bytes, whole } = await this.readHead(entry.url, length);
    entry.asked = length;
    const rows = whole ? bytes : bytes.subarray(0, wholeRowsEnd(bytes));
    // A head without one whole row after its header is read further before any table is made.
    if (!whole && rows.length === 0) return this.grow(entry, length * 2);
    entry.rows = (await this.loadBytes(entry.table, entry.format, rows)).rows;
    entry.whole = whole;
  }
}

/**
 * The rows `tokens` read of `table` when they read only its first ones: `SELECT` plain columns (or
 * `*`) `FROM table [alias] LIMIT n [OFFSET m]` and nothing else, giving n + m. Undefined otherwise.
 */
export function headRowsRead(tokens: readonly SqlToken[], table: string): number | undefined {
  const body = tokens.at(-1)?.text === ';' ? tokens.slice(0, -1) : tokens;
  const word = (index: number) => (body[index]?.kind === 'word' ? body[index]!.value : undefined);
  if (word(0) !== 'SELECT') return;
  // No function, subquery or list: a `(` anywhere could be an aggregate, a window or another table.
  if (body.some((token) => token.text === '(' || token.text === ';')) return;
  const from = body.findIndex((token) => token.kind === 'word' && token.value === 'FROM');
  if (
    from < 0 ||
    body.slice(0, from).some((token) => token.kind === 'word' && token.value === 'DISTINCT')
  )
    return;
  const named = body[from + 1];
  if (!named || (named.kind !== 'word' && named.kind !== 'quoted-identifier')) return;
  if (named.value.toLowerCase() !== table.toLowerCase()) return;
  let index = from + 2;
  if (word(index) === 'AS') index += 1;
  if (
    word(index) !== 'LIMIT' &&
    (body[index]?.kind === 'word' || body[index]?.kind === 'quoted-identifier')
  )
    index += 1;
  if (word(index) !== 'LIMIT' || body[index + 1]?.kind !== 'number') return;
  const limit = Number(body[index + 1]!.text);
  index += 2;
  let offset = 0;
  if (word(index) === 'OFFSET' && body[index + 1]?.kind === 'number') {
    offset = Number(body[index + 1]!.text);
    index += 2;
  }
  if (index !== body.length || !Number.isSafeInteger(limit) || !Number.isSafeInteger(offset))
    return;
  return limit + offset;
}

/** Where the last whole row of a CSV head ends: after its last line break outside quotes (0: none). */
function wholeRowsEnd(bytes: Uint8Array): number {
  let quoted = false;
  let end = 0;
  let header = true;
  for (let index = 0; index < bytes.length; index += 1) {
    const byte = bytes[index];
    if (byte === 0x22) quoted = !quoted;
    else if (byte === 0x0a && !quoted) {
      // The header's own line break is no row's end.
      if (header) header = false;
      else end = index + 1;
    }
  }
  return end;
}

/** Reads a file's head by HTTP range with `fetchImpl`. */
export function csvHeadReader(fetchImpl: typeof fetch): ReadCsvHead {
  return async (url, length) => {
    const ranged = Number.isFinite(length);
    const response = await fetchImpl(
      url,
      ranged ? { headers: { range: `bytes=0-${length - 1}` } } : undefined,
    );
    if (!response.ok) {
      throw new Error(`Could not read ${url}: HTTP ${response.status}. Check the dataset url.`);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { bytes, whole: !ranged || response.status !== 206 || bytes.length < length };
  };
}
