// A short notice with Undo ("Conversation deleted · Undo"). The action it offers to undo is made
// permanent when the notice goes (after its time, or when another notice replaces it).
import { button, element } from './dom';
import './undo-toast.css';

/** How long an undo stays offered. */
export const UNDO_WINDOW_MS = 8_000;

/** What happens when the person undoes, or when the chance to passes. */
export interface UndoToastHandlers {
  onUndo(): void;
  onExpire(): void;
}

/** One notice at a time, at the foot of the chat. */
export class UndoToast {
  /** The element that holds the notice. */
  readonly root = element('div', {
    className: 'mw-toast',
    attributes: { role: 'status', 'aria-live': 'polite' },
  });
  private timer: ReturnType<typeof setTimeout> | undefined;
  private handlers: UndoToastHandlers | undefined;

  constructor() {
    this.root.hidden = true;
  }

  /** Shows `message` with Undo for `durationMs`; a notice already showing expires first. */
  show(message: string, handlers: UndoToastHandlers, durationMs = UNDO_WINDOW_MS): void {
    this.expire();
    this.handlers = handlers;
    this.root.replaceChildren(
      element('span', { className: 'mw-toast-message', text: message }),
      button('Undo', () => this.undo(), { className: 'mw-button mw-toast-undo' }),
    );
    this.root.hidden = false;
    this.timer = setTimeout(() => this.expire(), durationMs);
  }

  /** Ends the notice now and makes its action permanent (also when the chat goes away). */
  expire(): void {
    const handlers = this.close();
    handlers?.onExpire();
  }

  private undo(): void {
    const handlers = this.close();
    handlers?.onUndo();
  }

  private close(): UndoToastHandlers | undefined {
    clearTimeout(this.timer);
    this.timer = undefined;
    const handlers = this.handlers;
    this.handlers = undefined;
    this.root.hidden = true;
    this.root.replaceChildren();
    return handlers;
  }
}
