// GeoJSON and JSON rows become a typed Arrow table without apache-arrow's builders (which need eval).
import { tableFromIPC, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { normaliseRows } from '../../../src/data/geojson-rows';
import { toPlainRow } from '../../../src/data/plain-value';
import { rowsToArrowTable } from '../../../src/data/workers/rows-to-arrow';

describe('rows to an Arrow table', () => {
  const normalised = normaliseRows([
    { count: 1, name: 'Zürich €', flag: true, mag: 1.5, extra: { k: 1 } },
    { count: null, name: 'b', flag: false, mag: 2, extra: 'text' },
    { count: 3 },
  ]);

  it('types whole numbers as BIGINT, fractions as DOUBLE, mixes as text', () => {
    expect(normalised.types).toEqual({
      count: 'BIGINT',
      name: 'VARCHAR',
      flag: 'BOOLEAN',
      mag: 'DOUBLE',
      extra: 'VARCHAR',
    });
  });

  it('keeps every value, nulls included, through an IPC round trip', () => {
    const table = tableFromIPC(tableToIPC(rowsToArrowTable(normalised), 'stream'));
    expect(table.schema.fields.map((field) => String(field.type))).toEqual([
      'Int64',
      'Utf8',
      'Bool',
      'Float64',
      'Utf8',
    ]);
    expect(
      table.toArray().map((row: { toJSON(): Record<string, unknown> }) => toPlainRow(row.toJSON())),
    ).toEqual([
      { count: 1, name: 'Zürich €', flag: true, mag: 1.5, extra: '{"k":1}' },
      { count: null, name: 'b', flag: false, mag: 2, extra: 'text' },
      { count: 3, name: null, flag: null, mag: null, extra: null },
    ]);
  });

  it('never compiles code with new Function (the app forbids eval)', () => {
    const original = globalThis.Function;
    const forbidden = new Proxy(original, {
      construct: () => {
        throw new Error('new Function called');
      },
      apply: () => {
        throw new Error('Function called');
      },
    });
    globalThis.Function = forbidden;
    try {
      expect(() => rowsToArrowTable(normaliseRows([{ a: 1, b: 'x' }, { a: null }]))).not.toThrow();
    } finally {
      globalThis.Function = original;
    }
  });
});
