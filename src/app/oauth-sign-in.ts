// Hears the sign-in callback page (oauth-callback.html, in the popup the person opened from Settings)
// and hands what the authorization server sent back to the hub. The callback posts both to its opener
// and on a BroadcastChannel: an authorization server that sends Cross-Origin-Opener-Policy cuts the
// popup off from its opener, and the channel still reaches every tab of this origin.
import type { McpHub } from '../mcp/mcp-hub';
import type { OAuthCallbackMessage } from '../mcp/sign-in/browser-oauth-provider';

/** The channel the callback page and the app share. */
export const SIGN_IN_CHANNEL = 'mapwright-oauth';

function isCallback(data: unknown): data is OAuthCallbackMessage {
  return (
    typeof data === 'object' &&
    data !== null &&
    (data as { type?: unknown }).type === 'mapwright-oauth-callback'
  );
}

/** Starts listening; returns a function that stops. */
export function listenForSignIns(hub: McpHub, target: Window = window): () => void {
  const handle = (data: unknown) => {
    if (isCallback(data)) void hub.completeSignIn(data);
  };
  const onMessage = (event: MessageEvent) => {
    // Only this origin's callback page may finish a sign-in.
    if (event.origin === target.location.origin) handle(event.data);
  };
  target.addEventListener('message', onMessage);
  const channel =
    typeof BroadcastChannel === 'function' ? new BroadcastChannel(SIGN_IN_CHANNEL) : undefined;
  channel?.addEventListener('message', (event) => handle(event.data));
  return () => {
    target.removeEventListener('message', onMessage);
    channel?.close();
  };
}
