import { describe, expect, it } from 'vitest';
import { isCssColor } from '../../src/config/css-color';

describe('isCssColor', () => {
  it.each([
    '#1d4ed8',
    '#FFF',
    '#ffffff80',
    '#0008',
    'rgb(29, 78, 216)',
    'rgba(29, 78, 216, 0.5)',
    'rgb(29 78 216 / 50%)',
    'hsl(220, 80%, 48%)',
    'hsla(220, 80%, 48%, 0.3)',
    'steelblue',
    'SteelBlue',
    'transparent',
    ' red ',
  ])('accepts %s', (color) => {
    expect(isCssColor(color)).toBe(true);
  });

  it.each([
    'url(https://evil.example.com/p.png)',
    'URL(//evil.example.com/p.png)',
    'red url(https://evil.example.com/p.png)',
    'red; background-image: url(https://evil.example.com/p.png)',
    '#fff;',
    'var(--mw-accent)',
    'expression(alert(1))',
    'image-set("https://evil.example.com/p.png" 1x)',
    'linear-gradient(red, blue)',
    'rgb(1, 2, 3) !important',
    'rgb(1, 2)',
    '#12345',
    'notacolour',
    '',
    `#fff${' '.repeat(100)}`,
  ])('rejects %s', (color) => {
    expect(isCssColor(color)).toBe(false);
  });

  it('rejects values that are not text', () => {
    expect(isCssColor(0xff0000)).toBe(false);
    expect(isCssColor(['rgb', 1, 2, 3])).toBe(false);
    expect(isCssColor(undefined)).toBe(false);
  });
});
