// Finds where a JSON object (or a bracketed span) closes, skipping brackets inside strings.

/**
 * The index just past the bracket that closes the one at `start` (`{` or `[` or `(`), or -1 when the text
 * ends first. Strings in double quotes are skipped, with their escapes.
 */
export function findBalancedEnd(text: string, start: number): number {
  let depth = 0;
  let inString = false;
  for (let index = start; index < text.length; index++) {
    const character = text.charCodeAt(index);
    if (inString) {
      if (character === 92 /* \ */) index++;
      else if (character === 34 /* " */) inString = false;
      continue;
    }
    if (character === 34) inString = true;
    else if (character === 123 || character === 91 || character === 40) depth++;
    else if (character === 125 || character === 93 || character === 41) {
      depth--;
      if (depth === 0) return index + 1;
    }
  }
  return -1;
}
