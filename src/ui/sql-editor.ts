// An editable SQL box: CodeMirror 6 with SQL highlighting (its styles are injected, which the CSP allows).
// The `codemirror` package installed is the legacy v5 line, so the v6 parts are used directly.
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';

/** A SQL editor the analyst can change before approving. */
export class SqlEditor {
  /** The element that holds the editor. */
  readonly root: HTMLElement;
  private readonly view: EditorView;
  private readonly editable = new Compartment();

  constructor(initial: string, label: string, onChange?: (text: string) => void) {
    this.root = document.createElement('div');
    this.root.className = 'mw-sql-editor';
    this.view = new EditorView({
      parent: this.root,
      state: EditorState.create({
        doc: initial,
        extensions: [
          sql({ dialect: PostgreSQL, upperCaseKeywords: true }),
          syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
          EditorView.lineWrapping,
          this.editable.of(EditorView.editable.of(true)),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) onChange?.(update.state.doc.toString());
          }),
        ],
      }),
    });
  }

  /** The SQL as it stands now. */
  get value(): string {
    return this.view.state.doc.toString();
  }

  /** Replaces the SQL (tests and programmatic edits). */
  set value(text: string) {
    this.view.dispatch({ changes: { from: 0, to: this.view.state.doc.length, insert: text } });
  }

  /** Makes the editor read-only once a decision is made. */
  setReadOnly(readOnly: boolean): void {
    this.view.dispatch({
      effects: this.editable.reconfigure(EditorView.editable.of(!readOnly)),
    });
  }

  /** Frees the editor. */
  destroy(): void {
    this.view.destroy();
  }
}
