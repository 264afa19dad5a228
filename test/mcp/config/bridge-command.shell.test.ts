// The bridge command Settings offers, run by a real POSIX shell: with the program swapped for
// `printf '%s\0'`, the shell hands over exactly the arguments the bridge should get (one URL, or the
// header options and then the URL), whatever the URL holds, and runs nothing else.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { BRIDGE_URL_VARIABLE, bridgeCommand } from '../../../src/mcp/config/bridge-command';

const program = 'npm run mcp-bridge -- ';

/** The arguments `sh -c` passes for `command`, the program replaced by one that prints them. */
function shellArguments(command: string): string[] {
  expect(command.startsWith(program)).toBe(true);
  const printed = execFileSync('sh', ['-c', `printf '%s\\0' ${command.slice(program.length)}`], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent' },
  });
  return printed.split('\0').slice(0, -1);
}

const hostileUrls = [
  'https://mcp.example.org/mcp?x=1&id&echo,INJECTED',
  'https://mcp.example.org/mcp;id',
  'https://mcp.example.org/mcp|id',
  'https://mcp.example.org/`id`',
  'https://mcp.example.org/$(id)',
  'https://mcp.example.org/${HOME}',
  'https://mcp.example.org/~root',
  'https://mcp.example.org/~',
  'https://mcp.example.org/a\nid',
  'https://mcp.example.org/a\r\nid',
  "https://mcp.example.org/it's",
  "https://mcp.example.org/''",
  'https://mcp.example.org/"quoted"',
  'https://mcp.example.org/back\\slash\\',
  'https://mcp.example.org/a b  c',
  'https://mcp.example.org/mcp#fragment',
  'https://mcp.example.org/*',
  'https://mcp.example.org/?',
  'https://mcp.example.org/[a-z]',
  'https://mcp.example.org/!!',
  'https://mcp.example.org/{a,b}',
  'https://mcp.example.org/a>out',
  'https://mcp.example.org/<in',
  'https://mcp.example.org/a&&id||id',
  'https://mcp.example.org/\tindent',
  'https://mcp.example.org/日本語/ü/é',
  'https://mcp.example.org/\u00a0\u2028\u3000',
  "https://mcp.example.org/'; id; echo '",
  'http://127.0.0.1:3001/mcp',
];

describe('the bridge command in a shell', () => {
  it.each(hostileUrls)('passes %j as one argument, the URL itself', (url) => {
    const bridge = bridgeCommand(url);
    expect(bridge?.variables).toEqual([]);
    expect(shellArguments(bridge!.command)).toEqual([url]);
  });

  it('quotes every URL, even one with no shell character', () => {
    expect(bridgeCommand('https://example.org/mcp')?.command).toBe(
      "npm run mcp-bridge -- 'https://example.org/mcp'",
    );
  });

  it('offers no command for a URL the bridge would read as an option or refuse', () => {
    expect(bridgeCommand('--stdio')).toBeUndefined();
    expect(bridgeCommand(' https://example.org/mcp')).toBeUndefined();
    expect(bridgeCommand('file:///etc/passwd')).toBeUndefined();
  });

  it('sends a plain header in the command, and a token from a variable it names', () => {
    const bridge = bridgeCommand('https://example.org/mcp', {
      'X-Team': "maps & 'charts'",
      Authorization: 'Bearer s3cr3t-t0ken-value-123',
    })!;
    expect(bridge.command).not.toContain('s3cr3t');
    expect(bridge.variables).toEqual([
      {
        name: 'MAPWRIGHT_MCP_HEADER_AUTHORIZATION',
        holds: `"Bearer " followed by the server's token (the Authorization header)`,
      },
    ]);
    expect(shellArguments(bridge.command)).toEqual([
      '--header',
      "X-Team: maps & 'charts'",
      '--header-env',
      'Authorization=MAPWRIGHT_MCP_HEADER_AUTHORIZATION',
      'https://example.org/mcp',
    ]);
  });

  it('reads a URL that holds a secret from a variable, and never shows it', () => {
    const url = 'https://mcp.example.org/mcp?api_key=abcdef123456&x=1';
    const bridge = bridgeCommand(url)!;
    expect(bridge.command).not.toContain('abcdef123456');
    expect(bridge.command).not.toContain('mcp.example.org');
    expect(bridge.variables.map((variable) => variable.name)).toEqual([BRIDGE_URL_VARIABLE]);
    expect(shellArguments(bridge.command)).toEqual(['--url-env', BRIDGE_URL_VARIABLE]);
  });
});
