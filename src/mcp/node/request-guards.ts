// Who may talk to the Node SQL server: which page origins (CORS) and which Host names (DNS rebinding).
import { LOOPBACK_HOSTNAMES } from '../config/loopback-host';
import type { IncomingMessage } from 'node:http';

/** The hostname of a Host header or an origin's host, or undefined when it does not parse. */
function hostnameOf(host: string): string | undefined {
  try {
    return new URL(`http://${host}`).hostname;
  } catch {
    return undefined;
  }
}

/** True when the server's bind address only accepts connections from this machine. */
export function isLoopbackBind(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '');
  return bare === 'localhost' || bare === '::1' || /^127\.\d+\.\d+\.\d+$/.test(bare);
}

/**
 * Whether a browser page of `origin` may call: listed origins, `*` when listed explicitly, and pages
 * served from this machine (http(s)://localhost, 127.0.0.1 or [::1] on any port). Requests without an
 * Origin header (Node, curl) are not browser pages and pass.
 */
export function originAllowed(origin: string | undefined, allowed: readonly string[]): boolean {
  if (origin === undefined) return true;
  if (allowed.includes('*') || allowed.includes(origin)) return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  return (
    (parsed.protocol === 'http:' || parsed.protocol === 'https:') &&
    LOOPBACK_HOSTNAMES.includes(parsed.hostname)
  );
}

/**
 * Whether the request's Host header names an allowed host (any port). A page on a rebound DNS name
 * (evil.example resolving to 127.0.0.1) sends its own name as Host, so it is refused.
 */
export function hostAllowed(
  request: IncomingMessage,
  allowedHostnames: readonly string[],
): boolean {
  const host = request.headers.host;
  if (!host) return false;
  const hostname = hostnameOf(host);
  return hostname !== undefined && allowedHostnames.includes(hostname.toLowerCase());
}

/**
 * The hostnames a server accepts in Host headers, or undefined for no check. Loopback names are always
 * accepted (a page cannot forge its Host header); bound to another address, the check applies only when
 * names were given, since the server cannot guess which names reach it.
 */
export function acceptedHostnames(
  bindHost: string,
  extra: readonly string[] | undefined,
): string[] | undefined {
  const given = (extra ?? []).map((name) => hostnameOf(name)?.toLowerCase() ?? name.toLowerCase());
  if (!isLoopbackBind(bindHost) && given.length === 0) return undefined;
  return [...LOOPBACK_HOSTNAMES, ...given];
}
