// What other folders may import from settings/ (lint refuses the files inside).
export { CredentialStore } from './credential-store';
export { CredentialsSection } from './credentials-section';
export { defaultLlmSettings } from './default-llm-settings';
export { firstRunView } from './first-run-view';
export {
  hasSavedLlmSettings,
  loadLlmSettings,
  saveLlmSettings,
  savedToolMode,
} from './llm-settings-store';
export type { LlmSettings } from './llm-settings-store';
export {
  loadDisabledTools,
  loadReuseAnswers,
  loadToolPolicies,
  loadUserServers,
  saveDisabledTools,
  saveReuseAnswers,
  saveServerSwitchedOff,
  saveToolPolicies,
  saveUserServers,
} from './mcp-preferences-store';
export { McpSettingsSection } from './mcp-settings-section';
export type { KeptServers, ReuseAnswersSwitch } from './mcp-settings-section';
export { needsModelSetup } from './model-setup';
export { SettingsPanel } from './settings-panel';
export { testModelConnection } from './test-model-connection';
export { readThemeChoice, saveThemeChoice } from './theme-store';
export { ThemeToggle } from './theme-toggle';
export type { ThemeToggleOptions } from './theme-toggle';
