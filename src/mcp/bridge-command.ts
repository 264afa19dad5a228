// The command that puts an MCP server the browser cannot reach (no CORS headers, or stdio only) behind
// the loopback bridge, and the address the app then connects to instead.

/** The port `npm run mcp-bridge` listens on unless told otherwise. */
export const DEFAULT_BRIDGE_PORT = 8790;

/** The bridge's MCP endpoint on its default port. */
export const DEFAULT_BRIDGE_URL = `http://127.0.0.1:${DEFAULT_BRIDGE_PORT}/mcp`;

/** The shell command that bridges the server at `url`, quoted for a POSIX shell when it needs to be. */
export function bridgeCommand(url: string): string {
  const quoted = /^[\w:/.?=&%@+~,-]+$/.test(url) ? url : `'${url.replaceAll("'", `'\\''`)}'`;
  return `npm run mcp-bridge -- ${quoted}`;
}
