// Why a server's call cannot run now, in one sentence: switched off, connecting, waiting for a sign-in,
// or down (and being reconnected, or waiting for the person's Reconnect).
import { notReachableSentence, signInAtBridgeSentence } from './describe-call-error';
import type { McpServerStatus } from '../config/mcp-server-config';

/** What a connection knows of its server when a call cannot run. */
export interface UnavailableState {
  status: McpServerStatus;
  /** The bridge waits for the person to sign in at the URL it printed. */
  signingInAtBridge: boolean;
  lastError?: string | undefined;
  /** The sign-in URL this app built for the server. */
  signInUrl?: URL | undefined;
}

/** The sentence for `name`'s server in `state`. */
export function unavailableSentence(name: string, state: UnavailableState): string {
  if (state.status === 'disconnected') {
    return `${name} is switched off in Settings (MCP servers); ask the person to enable it.`;
  }
  if (state.status === 'connecting') return notReachableSentence(name, 'it is still connecting');
  if (state.status === 'error' && state.signingInAtBridge && state.lastError) {
    return signInAtBridgeSentence(name, state.lastError);
  }
  if (state.status === 'error' && state.signInUrl) {
    return `${name} asks the person to sign in first (Settings, MCP servers).`;
  }
  return notReachableSentence(name, state.lastError, state.status === 'error');
}
