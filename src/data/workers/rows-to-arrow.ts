// Normalised rows become an Arrow table by filling Arrow's buffers directly. apache-arrow's own
// `tableFromJSON` goes through its builders, which compile their null checks with `new Function`; the
// app's Content Security Policy forbids that, so GeoJSON and JSON loads failed in the built app.
import { Bool, Float64, Int64, makeData, makeVector, Table, Utf8, type Vector } from 'apache-arrow';
import type { JsonColumnType, NormalisedRows } from '../geojson-rows';

/** An Arrow table with one typed column per normalised column; missing values become nulls. */
export function rowsToArrowTable(normalised: NormalisedRows): Table {
  const vectors: Record<string, Vector> = {};
  for (const column of normalised.columns) {
    const values = normalised.rows.map((row) => row[column]);
    vectors[column] = columnVector(values, normalised.types[column] ?? 'VARCHAR');
  }
  return new Table(vectors);
}

function columnVector(values: unknown[], type: JsonColumnType): Vector {
  const length = values.length;
  const { nullBitmap, nullCount } = validity(values);
  switch (type) {
    case 'DOUBLE':
      return makeVector(
        makeData({
          type: new Float64(),
          length,
          nullCount,
          nullBitmap,
          data: Float64Array.from(values, (value) => (typeof value === 'number' ? value : 0)),
        }),
      );
    case 'BIGINT':
      return makeVector(
        makeData({
          type: new Int64(),
          length,
          nullCount,
          nullBitmap,
          data: BigInt64Array.from(values, (value) =>
            typeof value === 'number' ? BigInt(value) : 0n,
          ),
        }),
      );
    case 'BOOLEAN': {
      const bits = new Uint8Array(Math.ceil(length / 8));
      values.forEach((value, index) => {
        if (value === true) bits[index >> 3]! |= 1 << (index & 7);
      });
      return makeVector(makeData({ type: new Bool(), length, nullCount, nullBitmap, data: bits }));
    }
    case 'VARCHAR':
      return utf8Vector(values, nullBitmap, nullCount);
  }
}

function utf8Vector(values: unknown[], nullBitmap: Uint8Array, nullCount: number): Vector {
  const encoder = new TextEncoder();
  const encoded = values.map((value) =>
    typeof value === 'string' ? encoder.encode(value) : new Uint8Array(0),
  );
  const valueOffsets = new Int32Array(values.length + 1);
  encoded.forEach((bytes, index) => {
    valueOffsets[index + 1] = valueOffsets[index]! + bytes.length;
  });
  const data = new Uint8Array(valueOffsets[values.length]!);
  encoded.forEach((bytes, index) => data.set(bytes, valueOffsets[index]!));
  return makeVector(
    makeData({
      type: new Utf8(),
      length: values.length,
      nullCount,
      nullBitmap,
      valueOffsets,
      data,
    }),
  );
}

function validity(values: unknown[]): { nullBitmap: Uint8Array; nullCount: number } {
  const nullBitmap = new Uint8Array(Math.ceil(values.length / 8));
  let nullCount = 0;
  values.forEach((value, index) => {
    if (value === null || value === undefined) nullCount += 1;
    else nullBitmap[index >> 3]! |= 1 << (index & 7);
  });
  return { nullBitmap, nullCount };
}
