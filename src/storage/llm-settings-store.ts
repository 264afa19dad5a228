// The person's LLM settings. The key stays in this browser (localStorage) or this tab's session
// (sessionStorage), as they chose; it is sent only to its provider's endpoint.
import {
  LLM_PROVIDERS,
  PROVIDER_DEFAULTS,
  type LlmProviderId,
  type ModelChoice,
} from '../providers/provider-defaults';

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
  return {
    provider,
    endpoint,
    model: saved.model || (configApplies ? fallback.model : undefined) || defaults.model,
    apiKey,
    keyPersistence,
  };
}

/** Saves the settings; the key goes to exactly one of the two storages and is removed from the other. */
export function saveLlmSettings(
  settings: LlmSettings,
  storage = { local: localStorage, session: sessionStorage },
): void {
  const { apiKey, ...rest } = settings;
  storage.local.setItem(
    SETTINGS_KEY,
    JSON.stringify(apiKey ? { ...rest, keyEndpoint: settings.endpoint } : rest),
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
