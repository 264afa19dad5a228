import { describe, expect, it } from 'vitest';
import { defaultAppConfig, validateAppConfig } from '../../src/config';

describe('app config security field', () => {
  it('accepts origins, wildcard subdomains, schemes and frame ancestors', () => {
    const security = {
      connectSrc: ['https:', 'https://llm.example.com', 'https://*.example.org:8443/v1/'],
      allowLocalEndpoints: false,
      frameAncestors: ["'self'", 'https://blog.example.com'],
    };
    const { config, problems } = validateAppConfig({ security });
    expect(problems).toEqual([]);
    expect(config.security).toEqual(security);
  });

  it.each([
    "'unsafe-inline'",
    '*',
    'https://a.example.com; script-src *',
    'https://a.example.com https://b.example.com',
    'javascript:',
    'example.com',
  ])('rejects %s as a connect-src source and keeps the default', (source) => {
    const { config, problems } = validateAppConfig({ security: { connectSrc: [source] } });
    expect(problems.map((problem) => problem.path)).toEqual(['security.connectSrc[0]']);
    expect(config.security).toEqual(defaultAppConfig().security);
  });
});
