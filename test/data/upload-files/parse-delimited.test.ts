import { describe, expect, it } from 'vitest';
import { parseDelimited } from '../../../src/data/upload-files/parse-delimited';

describe('CSV reading', () => {
  it('keeps quoted commas, doubled quotes and leading-zero codes as text', () => {
    const { columns, rows } = parseDelimited(
      'code,name,lat\r\n00M,"Dr. C.P. Savage, Sr.",31.9\n053,"say ""hi""",\n',
    );
    expect(columns).toEqual(['code', 'name', 'lat']);
    expect(rows).toEqual([
      { code: '00M', name: 'Dr. C.P. Savage, Sr.', lat: 31.9 },
      { code: '053', name: 'say "hi"', lat: null },
    ]);
  });

  it('refuses a file without a header', () => {
    expect(() => parseDelimited('')).toThrow(/no header/);
  });

  it('reports rows with too few or too many fields instead of changing them silently', () => {
    const { rows, raggedRows } = parseDelimited(
      'name,longitude,latitude\nAlpha,-100,40\nBravo,-101\nCharlie,-102,41,surplus\n',
    );
    expect(raggedRows).toEqual([2, 3]);
    expect(rows[1]).toEqual({ name: 'Bravo', longitude: -101, latitude: null });
    expect(parseDelimited('a,b\n1,2\n').raggedRows).toEqual([]);
  });
});
