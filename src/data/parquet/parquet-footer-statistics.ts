// The row groups of a Parquet file and the range of values each holds per column, read from the file's
// footer (Thrift's compact protocol, parquet.thrift's FileMetaData), so a remote file can skip the row
// groups a query's filter rules out (parquet-row-groups-needed.ts). parquet-wasm reads the footer too
// but does not expose its statistics. Only ranges whose order is plain are kept: signed integers,
// floats (without NaN bounds) and UTF-8 text compared byte by byte; any other column has none.

/** The smallest and largest value of one column in one row group. */
export type ColumnRange =
  | { kind: 'integer'; min: bigint; max: bigint }
  | { kind: 'float'; bits: 32 | 64; min: number; max: number }
  | { kind: 'string'; min: Uint8Array; max: Uint8Array };

/** One row group: its row count and the value range of each column that has a usable one. */
export interface RowGroupStatistics {
  numRows: number;
  ranges: Record<string, ColumnRange>;
}

type ThriftValue = boolean | number | bigint | Uint8Array | ThriftValue[] | ThriftStruct;
type ThriftStruct = Map<number, ThriftValue>;

/** Reads Thrift's compact protocol from `bytes`, one value at a time. */
class CompactReader {
  private offset = 0;
  constructor(private readonly bytes: Uint8Array) {}

  struct(): ThriftStruct {
    const fields: ThriftStruct = new Map();
    let id = 0;
    for (;;) {
      const header = this.byte();
      const type = header & 0x0f;
      if (type === 0) return fields;
      const delta = header >> 4;
      id = delta === 0 ? Number(this.zigzag()) : id + delta;
      fields.set(id, this.value(type));
    }
  }

  private value(type: number): ThriftValue {
    switch (type) {
      case 1:
        return true;
      case 2:
        return false;
      case 3:
        return (this.byte() << 24) >> 24;
      case 4:
      case 5:
        return Number(this.zigzag());
      case 6:
        return this.zigzag();
      case 7: {
        const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + this.offset, 8);
        this.offset += 8;
        return view.getFloat64(0, true);
      }
      case 8: {
        const length = Number(this.varint());
        const start = this.offset;
        this.offset += length;
        if (this.offset > this.bytes.length) throw new Error('Parquet footer ends early');
        return this.bytes.subarray(start, this.offset);
      }
      case 9:
      case 10:
        return this.list();
      case 11:
        return this.map();
      case 12:
        return this.struct();
      default:
        throw new Error(`Unknown Thrift type ${type}`);
    }
  }

  private list(): ThriftValue[] {
    const header = this.byte();
    const size = header >> 4 === 15 ? Number(this.varint()) : header >> 4;
    const type = header & 0x0f;
    const items: ThriftValue[] = [];
    // Booleans in a list take a byte each (1 is true).
    for (let index = 0; index < size; index += 1)
      items.push(type === 1 || type === 2 ? this.byte() === 1 : this.value(type));
    return items;
  }

  private map(): ThriftValue[] {
    const size = Number(this.varint());
    if (size === 0) return [];
    const types = this.byte();
    const entries: ThriftValue[] = [];
    for (let index = 0; index < size; index += 1)
      entries.push([this.value(types >> 4), this.value(types & 0x0f)]);
    return entries;
  }

  private byte(): number {
    if (this.offset >= this.bytes.length) throw new Error('Parquet footer ends early');
    return this.bytes[this.offset++]!;
  }

  private varint(): bigint {
    let result = 0n;
    let shift = 0n;
    for (;;) {
      const byte = this.byte();
      result |= BigInt(byte & 0x7f) << shift;
      if ((byte & 0x80) === 0) return result;
      shift += 7n;
    }
  }

  private zigzag(): bigint {
    const raw = this.varint();
    return (raw >> 1n) ^ -(raw & 1n);
  }
}

// parquet.thrift's physical types and converted types this reader orders.
const INT32 = 1;
const INT64 = 2;
const FLOAT = 4;
const DOUBLE = 5;
const BYTE_ARRAY = 6;
const UTF8 = 0;
const signedIntegers = new Set([15, 16, 17, 18]); // INT_8, INT_16, INT_32, INT_64

type RangeKind = 'integer' | 'float32' | 'float64' | 'string';

/** The kind of order a top-level column's statistics follow, or undefined when not a plain one. */
function rangeKind(element: ThriftStruct): RangeKind | undefined {
  const physical = element.get(1);
  const converted = element.get(6);
  const logical = element.get(10);
  const logicalKind = logical instanceof Map ? [...logical.keys()][0] : undefined;
  if (physical === INT32 || physical === INT64) {
    if (converted === undefined && logicalKind === undefined) return 'integer';
    if (typeof converted === 'number' && signedIntegers.has(converted)) return 'integer';
    if (logicalKind === 10) {
      const integer = (logical as ThriftStruct).get(10);
      if (integer instanceof Map && integer.get(2) === true) return 'integer';
    }
    return undefined;
  }
  if (converted !== undefined || logicalKind !== undefined) {
    const isString = converted === UTF8 || logicalKind === 1;
    return physical === BYTE_ARRAY && isString ? 'string' : undefined;
  }
  if (physical === FLOAT) return 'float32';
  if (physical === DOUBLE) return 'float64';
  return undefined;
}

function decode(kind: RangeKind, min: Uint8Array, max: Uint8Array): ColumnRange | undefined {
  const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
  switch (kind) {
    case 'integer': {
      const read = (bytes: Uint8Array) =>
        bytes.length === 4
          ? BigInt(view(bytes).getInt32(0, true))
          : bytes.length === 8
            ? view(bytes).getBigInt64(0, true)
            : undefined;
      const [low, high] = [read(min), read(max)];
      return low === undefined || high === undefined
        ? undefined
        : { kind: 'integer', min: low, max: high };
    }
    case 'float32':
    case 'float64': {
      const bits = kind === 'float32' ? 32 : 64;
      const size = bits / 8;
      if (min.length !== size || max.length !== size) return undefined;
      const read = (bytes: Uint8Array) =>
        bits === 32 ? view(bytes).getFloat32(0, true) : view(bytes).getFloat64(0, true);
      const [low, high] = [read(min), read(max)];
      return Number.isNaN(low) || Number.isNaN(high)
        ? undefined
        : { kind: 'float', bits, min: low, max: high };
    }
    case 'string':
      return { kind: 'string', min: min.slice(), max: max.slice() };
  }
}

/**
 * The row groups of a Parquet footer (the FileMetaData bytes, without the trailing length and magic),
 * with the value ranges of its top-level columns. Only `min_value` and `max_value` are read: the older
 * `min` and `max` fields ordered text by signed bytes. Throws when the footer cannot be read.
 */
export function rowGroupStatistics(footer: Uint8Array): RowGroupStatistics[] {
  const metadata = new CompactReader(footer).struct();
  const schema = (metadata.get(2) ?? []) as ThriftStruct[];
  const kinds = new Map<string, RangeKind | undefined>();
  // A flat schema's leaves follow its root; a nested one's columns are not ranged at all.
  const nested = schema.slice(1).some((element) => Number(element.get(5) ?? 0) > 0);
  for (const element of nested ? [] : schema.slice(1)) {
    const name = element.get(4);
    if (name instanceof Uint8Array) kinds.set(new TextDecoder().decode(name), rangeKind(element));
  }
  const groups = (metadata.get(4) ?? []) as ThriftStruct[];
  return groups.map((group) => {
    const ranges: Record<string, ColumnRange> = {};
    for (const chunk of (group.get(1) ?? []) as ThriftStruct[]) {
      const meta = chunk.get(3);
      if (!(meta instanceof Map)) continue;
      const path = (meta.get(3) ?? []) as Uint8Array[];
      if (path.length !== 1) continue;
      const name = new TextDecoder().decode(path[0]);
      const kind = kinds.get(name);
      const statistics = meta.get(12);
      if (kind === undefined || !(statistics instanceof Map)) continue;
      const [max, min] = [statistics.get(5), statistics.get(6)];
      if (!(min instanceof Uint8Array) || !(max instanceof Uint8Array)) continue;
      const range = decode(kind, min, max);
      if (range) ranges[name] = range;
    }
    return { numRows: Number(group.get(3) ?? 0), ranges };
  });
}

/** The footer of a whole Parquet file's last bytes (`tail` ends with the length and `PAR1`). */
export function footerLength(tail: Uint8Array): number {
  if (tail.length < 8) throw new Error('Not a Parquet file');
  const magic = new TextDecoder().decode(tail.subarray(tail.length - 4));
  if (magic !== 'PAR1') throw new Error('Not a Parquet file');
  return new DataView(tail.buffer, tail.byteOffset + tail.length - 8, 4).getUint32(0, true);
}
