// The quiet "Updated" note: a status line (not an alert) shown for a few seconds when a visit opens a
// newer version of the app than the last visit did.
import './updated-note.css';

/** How long the note stays before it fades. */
export const updatedNoteMs = 6000;

/** Shows "Updated" at the bottom of the page, then removes it; returns the note. */
export function showUpdatedNote(parent: HTMLElement = document.body): HTMLElement {
  const note = document.createElement('div');
  note.className = 'mw-updated-note';
  note.setAttribute('role', 'status');
  note.textContent = 'Updated: this visit opened the newest version of the app.';
  parent.append(note);
  setTimeout(() => {
    note.dataset.leaving = 'true';
    setTimeout(() => note.remove(), 500);
  }, updatedNoteMs);
  return note;
}
