// The question box: Enter sends, Shift+Enter adds a newline.
import { button, element } from '../ui/dom';

/** The input at the bottom of the chat. */
export class ChatInput {
  /** The element that holds the input. */
  readonly root: HTMLFormElement;
  /** The text area the person types in. */
  readonly textarea: HTMLTextAreaElement;
  private readonly send: HTMLButtonElement;

  constructor(onSend: (text: string) => void) {
    this.textarea = element('textarea', {
      className: 'mw-input',
      attributes: {
        rows: '2',
        placeholder: 'Ask about the data…',
        'aria-label': 'Your question (Enter sends, Shift+Enter adds a line)',
      },
    });
    this.send = button('Send', () => this.submit(onSend), {
      className: 'mw-button mw-send',
      ariaLabel: 'Send the question',
    });
    this.root = element('form', {
      className: 'mw-input-row',
      attributes: { 'aria-label': 'Ask a question' },
      children: [this.textarea, this.send],
    });
    this.root.addEventListener('submit', (event) => {
      event.preventDefault();
      this.submit(onSend);
    });
    this.textarea.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        this.submit(onSend);
      }
    });
  }

  /** Disables sending while a turn runs (typing stays possible). */
  setBusy(busy: boolean): void {
    this.send.disabled = busy;
    this.root.dataset.busy = String(busy);
  }

  /** Puts text in the box and focuses it. */
  fill(text: string): void {
    this.textarea.value = text;
    this.textarea.focus();
  }

  private submit(onSend: (text: string) => void): void {
    const text = this.textarea.value.trim();
    if (!text || this.send.disabled) return;
    this.textarea.value = '';
    onSend(text);
  }
}
