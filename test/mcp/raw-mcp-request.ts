// The headers and the `initialize` body of a raw MCP request over HTTP, for tests that speak to the Node
// server without the SDK's client (to count sessions, or to send what a client would not).

/** Headers a Streamable HTTP client sends with each POST. */
export const mcpHeaders = {
  'content-type': 'application/json',
  accept: 'application/json, text/event-stream',
};

/** An `initialize` request from a client called `name`. */
export function initializeRequest(name: string) {
  return {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: {
      protocolVersion: '2025-06-18',
      capabilities: {},
      clientInfo: { name, version: '1.0.0' },
    },
  };
}
