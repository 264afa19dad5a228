import { describe, expect, it } from 'vitest';
import { contentMismatch } from '../../src/uploads/file-signature';

const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const text = (value: string): Uint8Array => new TextEncoder().encode(value);

describe('a file whose content does not match its name', () => {
  it('names what a renamed image, archive or Parquet file really is', () => {
    expect(contentMismatch('x.csv', 'csv', png)).toBe(
      'x.csv is not a CSV file: it looks like a PNG image.',
    );
    expect(contentMismatch('a.geojson', 'geojson', text('PK\u0003\u0004rest'))).toBe(
      'a.geojson is not a GeoJSON file: it looks like a ZIP archive.',
    );
    expect(contentMismatch('t.csv', 'csv', text('PAR1....'))).toBe(
      't.csv is not a CSV file: it looks like a Parquet file.',
    );
    expect(contentMismatch('d.parquet', 'parquet', text('a,b\n1,2\n'))).toBe(
      'd.parquet is not a Parquet file: it does not start as Parquet files do.',
    );
    expect(contentMismatch('z.csv', 'csv', new Uint8Array([0x1f, 0x8b, 8, 0]))).toContain(
      'gzip-compressed',
    );
  });

  it('lets files that are what they say through', () => {
    expect(contentMismatch('x.csv', 'csv', text('name,lon,lat\nA,1,2\n'))).toBeUndefined();
    expect(contentMismatch('x.parquet', 'parquet', text('PAR1\u0015\u0004'))).toBeUndefined();
    expect(contentMismatch('x.geojson', 'geojson', text('{"type":"FeatureCollection"}'))).toBe(
      undefined,
    );
  });
});
