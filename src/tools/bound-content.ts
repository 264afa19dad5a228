// The model reads a bounded text; the UI keeps the whole result in `data`.

/** Default number of characters of a tool result the model reads. */
export const DEFAULT_CONTENT_BUDGET = 8_000;

/**
 * Cuts `text` to at most `budget` characters, the note included, and says in the text how much was cut.
 * Bounding an already bounded text again with the same budget changes nothing.
 */
export function boundContent(text: string, budget: number): string {
  if (text.length <= budget) return text;
  const note = (kept: number): string =>
    `\n[Truncated: showing the first ${kept} of ${text.length} characters; ${text.length - kept} ` +
    'characters were cut. Ask for fewer rows or columns to see the rest.]';
  // The note's length depends on the numbers in it; a second pass settles it.
  let kept = Math.max(0, budget - note(budget).length);
  kept = Math.max(0, budget - note(kept).length);
  return `${text.slice(0, kept)}${note(kept)}`;
}
