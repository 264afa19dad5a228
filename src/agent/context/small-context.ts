// A small context window (a local model loaded with a few thousand tokens) is fitted harder than a large
// one: compact tool specs, the short system prompt and shorter tool results in the recent turns, so the
// last few turns still fit and the model does not forget the conversation at once.

/** At or below this many budget tokens a round is fitted as for a small context window. */
export const SMALL_CONTEXT_TOKENS = 8_000;

/** Characters of each tool result in the recent turns when the context is small. */
export const SMALL_CONTEXT_TOOL_RESULT_CHARS = 1_500;

/** True when `budgetTokens` is a small context's (none means no budget, so not small). */
export function isSmallContext(budgetTokens: number | undefined): boolean {
  return budgetTokens !== undefined && budgetTokens > 0 && budgetTokens <= SMALL_CONTEXT_TOKENS;
}
