import { describe, expect, it } from 'vitest';
import { readConfigUrl, readPolicySource } from '../../src/config/safe-origin';

describe('reading a config URL as an origin', () => {
  it.each([
    ['https://Example.ORG:443/path?q=1#f', 'https://example.org'],
    ['http://example.org:8080/', 'http://example.org:8080'],
    ['https://user:secret@example.org/', 'https://example.org'],
    ['https://bücher.example/', 'https://xn--bcher-kva.example'],
    ['http://0x7f.1:11434/v1', 'http://127.0.0.1:11434'],
    ['http://[::1]:3001/mcp', 'http://[::1]:3001'],
  ])('rebuilds %s as %s', (url, origin) => {
    expect(readConfigUrl(url, { relative: false })).toEqual({ kind: 'origin', origin });
  });

  it.each([
    'http://a;frame-ancestors/mcp',
    'http://a,sandbox/mcp',
    "http://a'b/",
    'http://a"b/',
    'http://*.example.org/',
    'http://a\u3000b/',
    ' http://a;b/',
    'ht\ntp://a;b/',
    'http://a\u00a0b/',
  ])('refuses %j', (url) => {
    expect(readConfigUrl(url, { relative: true }).kind).toBe('refused');
  });

  it('reads a path as relative only where the field allows it', () => {
    expect(readConfigUrl('data/x.csv', { relative: true })).toEqual({ kind: 'relative' });
    expect(readConfigUrl('data/x.csv', { relative: false }).kind).toBe('refused');
  });
});

describe('reading a policy source', () => {
  it.each([
    ['https:', 'https:'],
    ['HTTPS://*.Example.org:*', 'https://*.example.org:*'],
    ['https://example.org:8443/v1/', 'https://example.org:8443/v1/'],
    ["'self'", "'self'"],
  ])('rebuilds %s as %s', (source, rebuilt) => {
    expect(readPolicySource(source, { self: true })).toBe(rebuilt);
  });

  it.each([
    "'unsafe-inline'",
    '*',
    'https://a.example; sandbox',
    'https://a.example,sandbox',
    'https://a.example/x;y',
    'https://a.example:99999',
    'https://a*b.example',
  ])('refuses %j', (source) => {
    expect(readPolicySource(source, { self: true })).toBeUndefined();
  });

  it("takes 'self' only where the field allows it", () => {
    expect(readPolicySource("'self'")).toBeUndefined();
  });
});
