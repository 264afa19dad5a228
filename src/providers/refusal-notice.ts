// The words that mark a refusal in the answer, so the person reads it as the model declining to answer,
// not as an answer, and not as a failure. Shared by the adapters so every provider's refusal reads alike.

/** Opens a refusal shown in place of an answer. */
export const refusalOpening = 'The model declined to answer';

/** Opens a refusal that cut short an answer already partly shown. */
export const refusalAfterTextOpening = '\n\nThe model declined to continue this answer';

/**
 * The line that introduces a refusal. `afterText`: part of an answer is already on the screen.
 * `reason`: the provider's own explanation or the model's refusal message, when there is one; without
 * it the line ends with a full stop.
 */
export function refusalNotice(afterText: boolean, reason?: string): string {
  const opening = afterText ? refusalAfterTextOpening : refusalOpening;
  const trimmed = reason?.trim();
  return trimmed ? `${opening}: ${trimmed}` : `${opening}.`;
}

/** The prefix before a refusal message that streams in pieces after it. */
export function refusalPrefix(afterText: boolean): string {
  return `${afterText ? refusalAfterTextOpening : refusalOpening}: `;
}

/** Shown when a provider's content filter blocked an answer before any of it was shown. */
export const contentFilterNotice =
  "The provider's content filter blocked this answer. Rephrase the question, or choose another model.";
