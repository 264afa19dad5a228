import { describe, expect, it } from 'vitest';
import { REDACTED, redactArguments, redactSecrets } from '../../../src/agent/redact/redact';

describe('redactArguments', () => {
  it('masks values under secret-looking keys at any depth, in every naming style', () => {
    const args = {
      sql: 'SELECT 1',
      connection: {
        host: 'db.example.com',
        password: 'hunter2',
        options: [{ apiKey: 'abc' }, { 'x-api-key': 'def' }, { CLIENT_SECRET: 'ghi' }],
      },
      s3_access_key_id: 'AKIAIOSFODNN7EXAMPLE',
      s3SecretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      Authorization: 'Bearer abc',
    };
    expect(redactArguments(args)).toEqual({
      sql: 'SELECT 1',
      connection: {
        host: 'db.example.com',
        password: REDACTED,
        options: [{ apiKey: REDACTED }, { 'x-api-key': REDACTED }, { CLIENT_SECRET: REDACTED }],
      },
      s3_access_key_id: REDACTED,
      s3SecretAccessKey: REDACTED,
      Authorization: REDACTED,
    });
  });

  it('masks a whole object or number held under a secret key', () => {
    expect(redactArguments({ credentials: { user: 'bob', pin: 1234 }, token: 987654 })).toEqual({
      credentials: REDACTED,
      token: REDACTED,
    });
  });

  it('runs redactSecrets over every string, under any key', () => {
    expect(
      redactArguments({
        url: 'https://bob:hunter2@db.example.com/app',
        notes: ['use sk-proj-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z', 'ok'],
        sql: "CREATE SECRET (TYPE s3, KEY_ID 'abc', SECRET 'def')",
      }),
    ).toEqual({
      url: 'https://bob:[REDACTED]@db.example.com/app',
      notes: ['use [REDACTED]', 'ok'],
      sql: "CREATE SECRET (TYPE s3, KEY_ID '[REDACTED]', SECRET '[REDACTED]')",
    });
  });

  it('leaves ordinary arguments, numbers, booleans and token counts as they were', () => {
    const args = {
      center: [-122.4, 37.8],
      zoom: 9,
      animate: true,
      max_tokens: 1000,
      key: 'mag',
      sort_key: 'time',
      token_count: 3,
      layer: { id: '123e4567-e89b-12d3-a456-426614174000', color: '#ff0000' },
    };
    expect(redactArguments(args)).toEqual(args);
  });

  it('keeps booleans, null and empty strings under secret keys: they hide nothing', () => {
    const args = { use_token: true, password: '', api_key: null };
    expect(redactArguments(args)).toEqual(args);
  });

  it('keeps data-credential placeholders, which name a credential and hold none', () => {
    expect(
      redactArguments({
        sql: "ATTACH 'postgres://me:{{secret:PG_PASSWORD}}@db/x' (password=hunter2)",
        password: '{{secret:PG_PASSWORD}}',
        headers: { Authorization: 'Bearer {{secret:API_TOKEN}}' },
      }),
    ).toEqual({
      sql: `ATTACH 'postgres://me:{{secret:PG_PASSWORD}}@db/x' (password=${REDACTED})`,
      password: '{{secret:PG_PASSWORD}}',
      headers: { Authorization: REDACTED },
    });
    // A "name" that is itself a secret (an AWS access key id) is not let through.
    expect(redactSecrets('{{secret:AKIAIOSFODNN7EXAMPLE}}')).toBe(`{{secret:${REDACTED}}}`);
  });

  it('returns a copy and never changes its input', () => {
    const args = { nested: { password: 'hunter2' }, list: [1, 2] };
    const copy = redactArguments(args);
    expect(args.nested.password).toBe('hunter2');
    expect(copy).not.toBe(args);
    expect(copy.nested).not.toBe(args.nested);
    expect(copy.list).not.toBe(args.list);
  });

  it('copes with cycles', () => {
    const args: Record<string, unknown> = { password: 'x' };
    args['self'] = args;
    const copy = redactArguments(args);
    expect(copy['password']).toBe(REDACTED);
    expect(copy['self']).toBe(copy);
  });

  it('masks a plain string argument too', () => {
    expect(redactArguments('token=abc123')).toBe('token=[REDACTED]');
  });
});
