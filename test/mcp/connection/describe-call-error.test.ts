import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { describeCallError } from '../../../src/mcp/connection/describe-call-error';
import { UPSTREAM_UNREACHABLE_CODE } from '../../../src/mcp/connection/upstream-unreachable';

describe('a failed MCP call is one sentence per kind, with no raw code', () => {
  it('a closed connection, even with the code written twice by a bridge', () => {
    const twice = new McpError(ErrorCode.ConnectionClosed, 'MCP error -32000: Connection closed');
    expect(describeCallError(twice, 'files', 'read')).toBe(
      'files closed the connection during the call to read; the call did not finish.',
    );
  });

  it('a server down behind the bridge', () => {
    const down = new McpError(
      UPSTREAM_UNREACHABLE_CODE,
      'The bridged server node server.js stdio exited.',
    );
    expect(describeCallError(down, 'files', 'read')).toBe(
      'files is not reachable right now: the bridged server node server.js stdio exited. ' +
        'Mapwright is reconnecting to it; try again once Settings shows it connected.',
    );
  });

  it('a server behind a bridge that waits for the person to sign in', () => {
    const waiting = new McpError(
      UPSTREAM_UNREACHABLE_CODE,
      'The bridge is waiting for you to sign in to https://w.example/mcp: open the URL it printed ' +
        '(in the terminal where it runs), then try again.',
      { upstream: 'https://w.example/mcp', signIn: true },
    );
    expect(describeCallError(waiting, 'warehouse', 'query')).toBe(
      'warehouse cannot be used until the person signs in: the bridge is waiting for you to sign in ' +
        'to https://w.example/mcp: open the URL it printed (in the terminal where it runs), then try ' +
        'again. Mapwright connects to it again by itself once they have.',
    );
  });

  it('a refused connection, a timeout and a protocol error', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(describeCallError(refused, 'files', 'read')).toMatch(
      /^files is not reachable right now: the connection was refused\. /,
    );
    expect(
      describeCallError(
        new McpError(ErrorCode.RequestTimeout, 'Request timed out'),
        'files',
        'read',
      ),
    ).toBe('files did not answer the call to read in time.');
    const invalid = new McpError(ErrorCode.InvalidParams, 'MCP error -32602: path is required');
    expect(describeCallError(invalid, 'files', 'read')).toBe(
      'files refused the call to read: path is required.',
    );
  });
});
