// A conversation is named after its first question, as people scan a list by what they asked.

/** Characters a title taken from a question keeps at most (before the ellipsis). */
export const TITLE_LENGTH = 60;

/**
 * The title for a conversation whose first question is `question`: whitespace collapsed, cut on a word
 * boundary near TITLE_LENGTH with an ellipsis, or empty when the question has no text.
 */
export function titleFromQuestion(question: string): string {
  const text = question.replace(/\s+/g, ' ').trim();
  if (text.length <= TITLE_LENGTH) return text;
  const cut = text.slice(0, TITLE_LENGTH + 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A single long word (a URL, a table name) is cut where it stands rather than dropped whole.
  const end = lastSpace >= TITLE_LENGTH / 2 ? lastSpace : TITLE_LENGTH;
  return `${text.slice(0, end).replace(/[\s,.;:!?-]+$/, '')}…`;
}
