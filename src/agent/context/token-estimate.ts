// A stated estimate of tokens from characters. Tokenizers differ by model and none is small enough to ship
// for every provider; about 3.5 characters a token holds for English prose, SQL and JSON with the
// tokenizers of the hosted models, and errs toward more tokens for text with many digits or symbols.

/** Characters per token the estimate assumes. */
export const CHARS_PER_TOKEN = 3.5;

/** Estimated tokens of `text`. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
