// Arrow, GeoJSON and JSON files become one Arrow IPC stream (what the table decoder's worker sends
// DuckDB), with a sentence naming the table when a file holds nothing to load.
import { tableFromArrays, tableFromIPC, tableToIPC } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { decodeToArrowIpc } from '../../../src/data/workers/decode-table-file';

const encode = (value: unknown): Uint8Array => new TextEncoder().encode(JSON.stringify(value));

describe('decodeToArrowIpc', () => {
  it('turns GeoJSON features into rows with their properties and a point’s coordinates', () => {
    const ipc = decodeToArrowIpc(
      'geojson',
      'places',
      encode({
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { name: 'A', n: 1 },
            geometry: { type: 'Point', coordinates: [1, 2] },
          },
          {
            type: 'Feature',
            properties: { name: 'B', n: 2 },
            geometry: { type: 'Point', coordinates: [3, 4] },
          },
        ],
      }),
    );
    const table = tableFromIPC(ipc);
    expect(table.numRows).toBe(2);
    expect(table.schema.fields.map((field) => field.name)).toEqual(
      expect.arrayContaining(['name', 'n']),
    );
    expect(table.getChild('name')?.toArray()).toEqual(['A', 'B']);
  });

  it('turns a JSON array of objects into rows, and refuses anything else with a sentence', () => {
    expect(
      tableFromIPC(decodeToArrowIpc('json', 'rows', encode([{ a: 1 }, { a: 2 }]))).numRows,
    ).toBe(2);
    expect(() => decodeToArrowIpc('json', 'rows', encode({ a: 1 }))).toThrow(
      'A JSON table must be an array of objects.',
    );
    expect(() => decodeToArrowIpc('json', 'empty', encode([]))).toThrow(
      'empty: the file holds no rows with fields to load.',
    );
  });

  it('gives an Arrow file as the stream flavour DuckDB takes', () => {
    const file = tableToIPC(tableFromArrays({ x: Float64Array.from([1, 2, 3]) }), 'file');
    const stream = decodeToArrowIpc('arrow', 'numbers', file);
    expect(tableFromIPC(stream).numRows).toBe(3);
    // The stream flavour has no "ARROW1" magic at its start, the file flavour does.
    expect(new TextDecoder().decode(file.subarray(0, 6))).toBe('ARROW1');
    expect(new TextDecoder().decode(stream.subarray(0, 6))).not.toBe('ARROW1');
  });
});
