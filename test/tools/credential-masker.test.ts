import { describe, expect, it } from 'vitest';
import { SHORTEST_MASKED_SLICE, createTextMasker } from '../../src/tools/credential-masker';

const secret = 'Zq8-vR3t_Lp0x/W+';
const mask = createTextMasker([['TOKEN', secret]], (name) => `{{secret:${name}}}`)!;
const base64 = (text: string): string => Buffer.from(text).toString('base64');
const hex = (text: string): string => Buffer.from(text).toString('hex');
const reversed = [...secret].reverse().join('');

describe('createTextMasker', () => {
  const transforms: Array<[string, string]> = [
    ['the value', secret],
    ['upper case', secret.toUpperCase()],
    ['lower case', secret.toLowerCase()],
    ['reversed', reversed],
    ['reversed, upper case', reversed.toUpperCase()],
    ['base64', base64(secret)],
    ['base64 after one byte', base64(`x${secret}`).slice(2, -2)],
    ['base64 after two bytes', base64(`xy${secret}`).slice(3, -2)],
    ['base64url', Buffer.from(secret).toString('base64url')],
    ['base64 of the upper-case value', base64(secret.toUpperCase())],
    ['base64 of the reversed value', base64(reversed)],
    ['hex, lower case', hex(secret)],
    ['hex, upper case', hex(secret).toUpperCase()],
    ['URL-encoded', encodeURIComponent(secret)],
    ['a slice of the minimum length', secret.slice(3, 3 + SHORTEST_MASKED_SLICE)],
    ['a longer slice, upper case', secret.slice(1, 12).toUpperCase()],
    ['a slice of the reversed value', reversed.slice(4, 11)],
  ];

  it.each(transforms)('masks %s', (_name, form) => {
    const masked = mask(`row: [${form}] end`);
    expect(masked).toContain('{{secret:TOKEN}}');
    expect(masked).not.toContain(form);
    expect(masked.startsWith('row: [')).toBe(true);
    expect(masked.endsWith('] end')).toBe(true);
  });

  it('masks two copies with text between them, and keeps that text', () => {
    expect(mask(`${secret} and ${secret.toUpperCase()}`)).toBe(
      '{{secret:TOKEN}} and {{secret:TOKEN}}',
    );
  });

  it('leaves ordinary text alone, slices shorter than the minimum included', () => {
    const text = `airports 3376 rows; SELECT 1; ${secret.slice(0, SHORTEST_MASKED_SLICE - 1)}; aGVsbG8=`;
    expect(mask(text)).toBe(text);
  });

  it('masks a short value only whole, and ignores values too short to mask', () => {
    const short = createTextMasker(
      [
        ['PIN', '7291'],
        ['TWO', '42'],
      ],
      (name) => `<${name}>`,
    )!;
    expect(short('pin 7291, hex 37323931, 42 and 729')).toBe('pin <PIN>, hex <PIN>, 42 and 729');
    expect(createTextMasker([['TWO', '42']], (name) => name)).toBeUndefined();
  });

  it('scans a megabyte of result text quickly', () => {
    const text = 'Lima,5.1,2024-01-01T00:00:00Z;'.repeat(35_000);
    const start = performance.now();
    expect(mask(text)).toBe(text);
    expect(performance.now() - start).toBeLessThan(3000);
  });
});
