// The page an authorization server sends the person back to after signing in to an MCP server: it passes
// the code (or the error) to the app's tab and closes. It reads nothing else and keeps nothing.
import type { OAuthCallbackMessage } from './mcp/browser-oauth-provider';

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
const channel = new BroadcastChannel('mapwright-oauth');
channel.postMessage(message);
channel.close();
window.opener?.postMessage(message, window.location.origin);
const status = document.getElementById('status');
if (status) {
  status.textContent = message.error
    ? `Signing in did not finish: ${message.errorDescription ?? message.error}. You can close this window.`
    : 'Signed in. You can close this window and go back to Mapwright.';
}
if (!message.error) window.setTimeout(() => window.close(), 300);
