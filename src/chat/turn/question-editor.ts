// Edit and resend: the question of a turn becomes a text box in place. Enter (or Send) asks the edited
// question in place of this turn and the ones after it; Esc (or Cancel) puts the question back.
import { button, element } from '../../ui/dom';

/** What the editor reports. */
export interface QuestionEditorActions {
  onSend(text: string): void;
  onCancel(): void;
}

/** An inline editor for one question, focused with its text selected. */
export class QuestionEditor {
  /** The element that holds the editor. */
  readonly root: HTMLElement;
  /** The text box. */
  readonly textarea: HTMLTextAreaElement;

  constructor(question: string, actions: QuestionEditorActions) {
    this.textarea = element('textarea', {
      className: 'mw-question-editor-input',
      attributes: {
        rows: '3',
        'aria-label': 'Edit the question (Enter sends, Esc cancels)',
      },
    });
    this.textarea.value = question;
    const send = (): void => {
      const text = this.textarea.value.trim();
      if (text) actions.onSend(text);
    };
    this.textarea.addEventListener('keydown', (event) => {
      if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
        event.preventDefault();
        send();
      } else if (event.key === 'Escape') {
        // The chat's own Esc stops a running turn; here it only leaves the editor.
        event.preventDefault();
        event.stopPropagation();
        actions.onCancel();
      }
    });
    this.root = element('div', {
      className: 'mw-question-editor',
      children: [
        this.textarea,
        element('p', {
          className: 'mw-question-editor-hint',
          text: 'Sending replaces this question and everything after it.',
        }),
        element('div', {
          className: 'mw-question-editor-buttons',
          children: [
            button('Cancel', () => actions.onCancel(), {
              className: 'mw-button mw-button-ghost mw-question-cancel',
            }),
            button('Send', send, {
              className: 'mw-button mw-button-primary mw-question-send',
              ariaLabel: 'Send the edited question',
            }),
          ],
        }),
      ],
    });
  }

  /** Focuses the box with the caret at the end. */
  focus(): void {
    this.textarea.focus();
    this.textarea.setSelectionRange(this.textarea.value.length, this.textarea.value.length);
  }
}
