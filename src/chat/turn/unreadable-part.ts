// The sentence shown where a stored part of a conversation (a turn, a round, a call or what it drew)
// did not fit its type when the conversation was opened (validate-conversation marks it `unreadable`).

/** What the person reads in place of the part. */
export const UNREADABLE_PART = 'This part of the conversation could not be read.';

/** The sentence as a note in the conversation. */
export function unreadablePart(): HTMLElement {
  const note = document.createElement('p');
  note.className = 'mw-note mw-unreadable';
  note.textContent = UNREADABLE_PART;
  return note;
}
