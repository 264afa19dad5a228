// The person's LLM settings. The key stays in this browser (localStorage) or this tab's session
// (sessionStorage), as they chose; it is sent only to its provider's endpoint.
import {
  LLM_PROVIDERS,
  PROVIDER_DEFAULTS,
  type LlmProviderId,
  type ModelChoice,
} from '../providers/provider-defaults';
import type { ToolMode } from '../providers/provider-options';

/** Where the API key is kept. */
export type KeyPersistence = 'browser' | 'session';

/** What the person chose: the model, and where its key is kept. */
export interface LlmSettings extends ModelChoice {
  keyPersistence: KeyPersistence;
}

/** The localStorage key of the settings (without the API key). */
export const SETTINGS_KEY = 'mapwright.llm';
/** The storage key of the API key (in localStorage or sessionStorage). */
export const API_KEY_KEY = 'mapwright.llm.apiKey';

/** The tool modes the person chose, by provider and model (a model keeps its mode when switched back to). */
type SavedToolModes = Record<string, ToolMode>;

const TOOL_MODES: readonly ToolMode[] = ['native', 'json-in-text', 'none'];

/** The key of a model in the saved tool modes. */
function modelKey(provider: LlmProviderId, model: string): string {
  return `${provider} ${model.trim()}`;
}

function savedToolModes(storage: Storage): SavedToolModes {
  try {
    const saved = JSON.parse(storage.getItem(SETTINGS_KEY) ?? '{}') as { toolModes?: unknown };
    const modes = saved.toolModes;
    if (typeof modes !== 'object' || modes === null) return {};
    return Object.fromEntries(
      Object.entries(modes).filter(([, mode]) => TOOL_MODES.includes(mode as ToolMode)),
    ) as SavedToolModes;
  } catch {
    return {};
  }
}

/** The tool mode saved for a model: native unless the person chose otherwise for it. */
export function savedToolMode(
  provider: LlmProviderId,
  model: string,
  storage: Storage = localStorage,
): ToolMode {
  return savedToolModes(storage)[modelKey(provider, model)] ?? 'native';
}

function isProvider(value: unknown): value is LlmProviderId {
  return typeof value === 'string' && (LLM_PROVIDERS as readonly string[]).includes(value);
}

/** Reads the saved settings, or the defaults given (from the app config) when none are saved. */
export function loadLlmSettings(
  fallback: Partial<LlmSettings> = {},
  storage = { local: localStorage, session: sessionStorage },
): LlmSettings {
  let saved: Partial<LlmSettings> & { keyEndpoint?: string };
  try {
    saved = JSON.parse(storage.local.getItem(SETTINGS_KEY) ?? '{}') as typeof saved;
  } catch {
    saved = {};
  }
  const provider = isProvider(saved.provider)
    ? saved.provider
    : isProvider(fallback.provider)
      ? fallback.provider
      : 'local';
  const defaults = PROVIDER_DEFAULTS[provider];
  // The app config's endpoint and model belong to the config's provider only: a person who chose
  // another provider must never have its requests (and key) sent to the publisher's endpoint.
  const configApplies = !isProvider(fallback.provider) || fallback.provider === provider;
  const endpoint =
    saved.endpoint || (configApplies ? fallback.endpoint : undefined) || defaults.endpoint;
  const keyPersistence: KeyPersistence = saved.keyPersistence === 'browser' ? 'browser' : 'session';
  const storedKey =
    storage.session.getItem(API_KEY_KEY) ?? storage.local.getItem(API_KEY_KEY) ?? '';
  // A key is bound to the endpoint it was saved for; anywhere else it is not offered at all.
  const apiKey = storedKey && saved.keyEndpoint === endpoint ? storedKey : '';
  const chosen: LlmSettings = {
    provider,
    endpoint,
    model: saved.model || (configApplies ? fallback.model : undefined) || defaults.model,
    apiKey,
    keyPersistence,
  };
  const toolMode = savedToolMode(provider, chosen.model, storage.local);
  return toolMode === 'native' ? chosen : { ...chosen, toolMode };
}

/** Saves the settings; the key goes to exactly one of the two storages and is removed from the other. */
export function saveLlmSettings(
  settings: LlmSettings,
  storage = { local: localStorage, session: sessionStorage },
): void {
  const { apiKey, toolMode, ...rest } = settings;
  const toolModes = savedToolModes(storage.local);
  const key = modelKey(settings.provider, settings.model);
  if (toolMode && toolMode !== 'native') toolModes[key] = toolMode;
  else delete toolModes[key];
  const kept = Object.keys(toolModes).length > 0 ? { ...rest, toolModes } : rest;
  storage.local.setItem(
    SETTINGS_KEY,
    JSON.stringify(apiKey ? { ...kept, keyEndpoint: settings.endpoint } : kept),
  );
  const keep = settings.keyPersistence === 'browser' ? storage.local : storage.session;
  const drop = settings.keyPersistence === 'browser' ? storage.session : storage.local;
  drop.removeItem(API_KEY_KEY);
  if (apiKey) keep.setItem(API_KEY_KEY, apiKey);
  else keep.removeItem(API_KEY_KEY);
}

/** True when settings are saved (the person has configured a model at least once). */
export function hasSavedLlmSettings(storage: Storage = localStorage): boolean {
  return storage.getItem(SETTINGS_KEY) !== null;
}
