// How many tokens one round may send to a model: the configured budget, else the model's context window
// less room for its answer and reasoning (half a large window; a quarter, at least 2,048 tokens, of a small
// one, which would otherwise forget at once), and never above a ceiling that keeps rounds quick and
// cheap. Windows are the published ones of common model families; a local server's is what it loads
// with, which for Ollama is far below the model's own unless the person raised it.
import type { LlmProviderId } from './provider-defaults';

/** The most tokens a round sends by default, whatever the model could take. */
export const DEFAULT_CONTEXT_CEILING = 32_000;

/** Context windows of model families, matched against the model name (first match wins). */
const KNOWN_WINDOWS: ReadonlyArray<readonly [RegExp, number]> = [
  [/^gemini-/i, 1_000_000],
  [/^claude-/i, 200_000],
  // Bedrock model ids, with or without a cross-region prefix (`us.`, `eu.`, `global.`).
  [/(^|\.)anthropic\.claude-/i, 200_000],
  [/(^|\.)amazon\.nova-(pro|lite|premier)/i, 300_000],
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
  // gpt-oss on Bedrock: 128k.
  bedrock: 128_000,
  // Llama 3.x and Nova Micro on Bedrock: 128k.
  'bedrock-converse': 128_000,
};

/** The context window assumed for `model` from `provider`. */
export function contextWindowOf(provider: LlmProviderId, model: string): number {
  if (provider !== 'local') {
    for (const [pattern, window] of KNOWN_WINDOWS) if (pattern.test(model)) return window;
  }
  return PROVIDER_WINDOWS[provider];
}

/** Tokens kept free in a context window of `window` tokens for the model's answer and reasoning. */
export function answerReserve(window: number): number {
  return Math.floor(Math.min(window / 2, Math.max(2_048, window / 4)));
}

/**
 * Tokens a round may send: `configured` when given, else the window (`knownWindow` when the server
 * said it, else the assumed one) less the answer's reserve, up to the ceiling.
 */
export function contextBudgetFor(
  provider: LlmProviderId,
  model: string,
  configured?: number,
  knownWindow?: number,
): number {
  if (configured !== undefined && configured > 0) return Math.floor(configured);
  const window =
    knownWindow !== undefined && knownWindow > 0 ? knownWindow : contextWindowOf(provider, model);
  return Math.min(DEFAULT_CONTEXT_CEILING, Math.floor(window - answerReserve(window)));
}
