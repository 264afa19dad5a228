// Which addresses name this machine, as URL.hostname spells them: shared by the page (a sign-in page on
// a local test server, a model on the visitor's own machine) and the Node servers' Host checks.

/** The loopback hostnames a Host header may carry. */
export const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** True for localhost, [::1] and any 127.x.y.z address. */
export function isLoopbackHostname(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/** True when `url` parses and its host is this machine. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return isLoopbackHostname(new URL(url).hostname);
  } catch {
    return false;
  }
}
