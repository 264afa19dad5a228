// The page an authorization server sends the person back to after signing in to an MCP server: it passes
// the code (or the error) to the app's tabs and closes; only the tab that started the sign-in accepts it.
// It reads nothing else and keeps nothing.
import type { OAuthCallbackMessage } from './mcp/sign-in/browser-oauth-provider';

const query = new URLSearchParams(window.location.search);
const message: OAuthCallbackMessage = {
  type: 'mapwright-oauth-callback',
  ...(query.get('code') ? { code: query.get('code')! } : {}),
  ...(query.get('state') ? { state: query.get('state')! } : {}),
  ...(query.get('error') ? { error: query.get('error')! } : {}),
  ...(query.get('error_description') ? { errorDescription: query.get('error_description')! } : {}),
};
// The code is single-use and bound to this tab's PKCE verifier; the address bar should not keep it.
window.history.replaceState(null, '', window.location.pathname);
// Without a state no tab can be waiting for this answer: nothing is passed on. With one, only the tab
// that sent that state accepts it, once and within the time limit (browser-oauth-provider.ts).
if (message.state) {
  const channel = new BroadcastChannel('mapwright-oauth');
  channel.postMessage(message);
  channel.close();
  window.opener?.postMessage(message, window.location.origin);
}
const status = document.getElementById('status');
if (status) {
  status.textContent = !message.state
    ? 'This address does not finish a sign-in started from Mapwright. You can close this window.'
    : message.error
      ? `Signing in did not finish: ${message.errorDescription ?? message.error}. You can close this window.`
      : 'Signed in. You can close this window and go back to Mapwright.';
}
if (message.state && !message.error) window.setTimeout(() => window.close(), 300);
