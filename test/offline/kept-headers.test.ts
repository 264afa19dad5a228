import { describe, expect, it } from 'vitest';
import { keptHeaders, reusable } from '../../src/offline/kept-headers';
import { headersStampHeader, sha256Header } from '../../src/offline/precache-manifest';

const policy = "default-src 'self'; frame-ancestors 'none'";

/** Headers as a host sent a compressed page. */
function served(): Headers {
  return new Headers({
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': policy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
    'content-encoding': 'gzip',
    'content-length': '812',
    'transfer-encoding': 'chunked',
    date: 'Sun, 29 Nov 2026 06:00:00 GMT',
  });
}

describe('the headers the offline copy keeps with a file', () => {
  it('keeps the page policy, nosniff, Referrer-Policy and the type the host sent', () => {
    const kept = keptHeaders(served(), { sha256: 'ab', headersStamp: 'cd', size: 2048 });
    expect(kept.get('content-security-policy')).toBe(policy);
    expect(kept.get('x-content-type-options')).toBe('nosniff');
    expect(kept.get('referrer-policy')).toBe('no-referrer');
    expect(kept.get('content-type')).toBe('text/html; charset=utf-8');
  });

  it('drops what described the transfer: the cached body is whole and decoded', () => {
    const kept = keptHeaders(served(), { sha256: 'ab', headersStamp: 'cd', size: 2048 });
    expect(kept.get('content-encoding')).toBeNull();
    expect(kept.get('transfer-encoding')).toBeNull();
    expect(kept.get('date')).toBeNull();
    expect(kept.get('content-length')).toBe('2048');
    expect(kept.get(sha256Header)).toBe('ab');
    expect(kept.get(headersStampHeader)).toBe('cd');
  });

  it('reuses a cached copy only with the same bytes and the same headers stamp', () => {
    const copy = new Response('x', {
      headers: keptHeaders(served(), { sha256: 'ab', headersStamp: 'cd', size: 1 }),
    });
    expect(reusable(copy, 'ab', 'cd')).toBe(true);
    // A new policy (npm run headers) makes a new stamp: the file is fetched again with its headers.
    expect(reusable(copy, 'ab', 'ef')).toBe(false);
    expect(reusable(copy, 'zz', 'cd')).toBe(false);
    expect(reusable(undefined, 'ab', 'cd')).toBe(false);
  });
});
