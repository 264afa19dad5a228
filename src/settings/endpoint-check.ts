// Checks an endpoint URL as typed in the settings, with a message that says how to fix it.

/** Why `value` is not a usable endpoint, or `undefined` when it is (an absolute http(s) URL). */
export function endpointProblem(value: string): string | undefined {
  const typed = value.trim();
  if (typed === '') return 'Enter the endpoint URL, e.g. http://localhost:11434/v1.';
  // "localhost:11434" parses as a URL whose scheme is "localhost:": say what was meant.
  const withoutScheme = /^(?![a-z][a-z0-9+.-]*:\/\/)([a-z0-9.-]+|\[[0-9a-f:]+\]):\d+(?:[/?#].*)?$/i;
  if (withoutScheme.test(typed) || /^[a-z0-9-]+(\.[a-z0-9-]+)+(?:[/?#].*)?$/i.test(typed)) {
    const local = /^(localhost|127\.|\[::1\])/i.test(typed);
    return `Add the scheme: ${local ? 'http' : 'https'}://${typed}`;
  }
  let url: URL;
  try {
    url = new URL(typed);
  } catch {
    return 'This is not a URL. Write it in full, e.g. http://localhost:11434/v1.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return `Use an http:// or https:// address (not ${url.protocol}).`;
  if (url.username || url.password)
    return 'Leave the user name and password out of the URL: put a key in the API key field.';
  return undefined;
}
