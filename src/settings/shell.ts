// What the shell needs of settings/ before the chat loads: the saved theme and the stores it opens at
// boot. Kept apart from index.ts, whose views load with the chat, so the first chunk stays small.
export { applySavedTheme } from './apply-saved-theme';
export { CredentialStore } from './credential-store';
export {
  loadDisabledTools,
  loadToolPolicies,
  loadUserServers,
  saveDisabledTools,
  saveToolPolicies,
  withSwitchedOff,
} from './mcp-preferences-store';
