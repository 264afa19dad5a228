// What `npm run mcp-bridge` makes of --oauth, --oauth-port and --token-file: the settings it signs in
// with, or a sentence that says what to change.
import { describe, expect, it } from 'vitest';
import { readBridgeOAuth } from '../../../src/mcp/node/read-bridge-target';
import type { UpstreamTarget } from '../../../src/mcp/node/mcp-upstream';

const remote: UpstreamTarget = { kind: 'http', url: 'https://w.example/mcp', transport: 'auto' };

describe('the bridge sign-in options', () => {
  it('signs in on a free port in memory, or on the given port with a token file', () => {
    expect(readBridgeOAuth({ oauth: true }, remote)).toEqual({});
    expect(
      readBridgeOAuth({ oauth: true, oauthPort: '8791', tokenFile: 'token.json' }, remote),
    ).toEqual({ port: 8791, tokenFile: 'token.json' });
    expect(readBridgeOAuth({ oauth: false }, remote)).toBeUndefined();
  });

  it.each([
    [
      { oauth: false, tokenFile: 't.json' },
      remote,
      '--oauth-port and --token-file go with --oauth.',
    ],
    [{ oauth: true, oauthPort: 'eighty' }, remote, '--oauth-port "eighty" is not a port.'],
    [
      { oauth: true },
      { kind: 'stdio', command: 'server', args: [] } as UpstreamTarget,
      '--oauth signs in to a server reached by URL; a --stdio server has no sign-in.',
    ],
    [
      { oauth: true },
      { ...remote, headers: { authorization: 'Bearer x' } } as UpstreamTarget,
      /Give --oauth or an Authorization header, not both/,
    ],
  ])('refuses %j and says why', (options, target, message) => {
    expect(() => readBridgeOAuth(options, target)).toThrow(message);
  });
});
