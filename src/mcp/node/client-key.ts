// Who a request comes from, for the per-client session limit: the remote address, and within it the
// page origin a browser sends. The bearer token names no one: the server has a single token, which
// every client that may call shares, so keying on it would make every client one.
import type { IncomingMessage } from 'node:http';

/** The client a request counts against: `<remote address>` or `<remote address> <Origin>`. */
export function clientKeyOf(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? 'unknown address';
  const origin = request.headers.origin;
  return origin ? `${address} ${origin}` : address;
}
