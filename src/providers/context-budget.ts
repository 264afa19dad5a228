// How many tokens one round may send to a model: the configured budget, else half the model's context
// window (the rest is for its answer and reasoning), and never above a ceiling that keeps rounds quick and
// cheap. Windows are the published ones of common model families; a local server's is what it loads
// with, which for Ollama is far below the model's own unless the person raised it.
import type { LlmProviderId } from './provider-defaults';

/** The most tokens a round sends by default, whatever the model could take. */
export const DEFAULT_CONTEXT_CEILING = 32_000;

/** Context windows of model families, matched against the model name (first match wins). */
const KNOWN_WINDOWS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^gemini-/i, 1_000_000],
  [/^claude-/i, 200_000],
  [/^(gpt-4\.1|gpt-5)/i, 400_000],
  [/^(gpt-4o|o\d)/i, 128_000],
  [/^gpt-3\.5/i, 16_000],
];

/**
 * Windows by provider for models not listed above. A local server loads a model with a window far below
 * the model's own (Ollama: a few thousand tokens unless raised) and drops what does not fit in silence.
 */
const PROVIDER_WINDOWS: Record<LlmProviderId, number> = {
  local: 8_192,
  openai: 128_000,
  anthropic: 200_000,
  gemini: 1_000_000,
  openrouter: 128_000,
};

/** The context window assumed for `model` from `provider`. */
export function contextWindowOf(provider: LlmProviderId, model: string): number {
  if (provider !== 'local') {
    for (const [pattern, window] of KNOWN_WINDOWS) if (pattern.test(model)) return window;
  }
  return PROVIDER_WINDOWS[provider];
}

/** Tokens a round may send: `configured` when given, else half the model's window up to the ceiling. */
export function contextBudgetFor(
  provider: LlmProviderId,
  model: string,
  configured?: number,
): number {
  if (configured !== undefined && configured > 0) return Math.floor(configured);
  return Math.min(DEFAULT_CONTEXT_CEILING, Math.floor(contextWindowOf(provider, model) / 2));
}
