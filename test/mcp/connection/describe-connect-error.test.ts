import { describe, expect, it } from 'vitest';
import { describeConnectError } from '../../../src/mcp/connection/describe-connect-error';
import { UPSTREAM_UNREACHABLE_CODE } from '../../../src/mcp/connection/upstream-unreachable';

const url = 'http://127.0.0.1:9/mcp';

describe('a failed MCP connection is described for the person', () => {
  it('names the URL and what to check when nothing answers', () => {
    const failure = describeConnectError(new TypeError('Failed to fetch'), url);
    expect(failure.message).toContain(`Cannot reach ${url} from this browser`);
    expect(failure.message).toContain('CORS');
    expect(failure.retryable).toBe(true);
    expect(failure.bridgeCommand).toEqual({
      command: `npm run mcp-bridge -- '${url}'`,
      variables: [],
    });
    expect(failure.message).toContain('`npm run mcp-bridge` serves such a server to this page');
    expect(failure.message).toContain('http://127.0.0.1:8790/mcp');
  });

  it("bridges with the server's headers, its token read from a variable", () => {
    const failure = describeConnectError(new TypeError('Failed to fetch'), url, {
      Authorization: 'Bearer abcdef123456',
    });
    expect(failure.bridgeCommand?.command).toBe(
      `npm run mcp-bridge -- --header-env 'Authorization=MAPWRIGHT_MCP_HEADER_AUTHORIZATION' '${url}'`,
    );
    expect(failure.bridgeCommand?.variables.map((variable) => variable.name)).toEqual([
      'MAPWRIGHT_MCP_HEADER_AUTHORIZATION',
    ]);
  });

  it('says to check the token on 401 and does not retry', () => {
    const error = Object.assign(new Error('Error POSTing to endpoint (HTTP 401): Unauthorized'), {
      code: 401,
    });
    const failure = describeConnectError(error, url);
    expect(failure.message).toMatch(/refused the credentials \(HTTP 401\).*bearer token/);
    expect(failure.retryable).toBe(false);
  });

  it('reads the status from the message when the error carries no code', () => {
    const failure = describeConnectError(new Error('SSE error: Non-200 status code (403)'), url);
    expect(failure.retryable).toBe(true);
    const withHttp = describeConnectError(new Error('Error POSTing (HTTP 403)'), url);
    expect(withHttp.retryable).toBe(false);
  });

  it('points at the path when the server has no MCP endpoint there', () => {
    const failure = describeConnectError(Object.assign(new Error('Not Found'), { code: 404 }), url);
    expect(failure.message).toContain('no MCP endpoint there');
    expect(failure.retryable).toBe(false);
  });

  it('in Node, a refused connection is a server that is down, not CORS', () => {
    const refused = new TypeError('fetch failed', {
      cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }),
    });
    expect(describeConnectError(refused, url)).toEqual({
      message: `Cannot reach ${url}: the connection was refused, so the server is down or the address is wrong. Check that it is running, and its URL and port.`,
      retryable: true,
    });
  });

  it('in a browser, the probe tells a down server, a server without CORS and the page policy apart', () => {
    const failed = new TypeError('Failed to fetch');
    const down = describeConnectError(failed, url, {}, 'silent');
    expect(down.message).toBe(
      `Cannot reach ${url}: nothing answers there, so the server is down or the address is wrong. ` +
        'Check that it is running, and its URL and port.',
    );
    expect(down.message).not.toContain('CORS');
    expect(down.bridgeCommand).toBeUndefined();
    const noCors = describeConnectError(failed, url, {}, 'answers');
    expect(noCors.message).toContain('answers, but not to pages from other origins');
    expect(noCors.bridgeCommand?.command).toBe(`npm run mcp-bridge -- '${url}'`);
    const policy = describeConnectError(failed, url, {}, 'blocked-by-policy');
    expect(policy.message).toContain('Content-Security-Policy does not allow connecting');
  });

  it('a bridge whose server is down says so, without the code', () => {
    const error = Object.assign(new Error('MCP error -32090: The bridged server x stdio exited.'), {
      code: UPSTREAM_UNREACHABLE_CODE,
    });
    expect(describeConnectError(error, url).message).toBe(
      `The bridge at ${url} answers, but the server behind it does not: the bridged server x stdio exited. ` +
        'Start that server; the bridge reaches it again by itself.',
    );
  });

  it('a bridge that waits for the person to sign in says so, and not that the server is down', () => {
    const sentence =
      'The bridge is waiting for you to sign in to https://w.example/mcp: open the URL it printed ' +
      '(in the terminal where it runs), then try again.';
    const error = Object.assign(new Error(`MCP error -32090: ${sentence}`), {
      code: UPSTREAM_UNREACHABLE_CODE,
      data: { upstream: 'https://w.example/mcp', signIn: true },
    });
    expect(describeConnectError(error, url)).toEqual({ message: sentence, retryable: true });
  });

  it('keeps other failures retryable with their own message', () => {
    const failure = describeConnectError(new Error('protocol version mismatch'), url);
    expect(failure).toEqual({
      message: `Could not connect to ${url}: protocol version mismatch`,
      retryable: true,
    });
  });
});
