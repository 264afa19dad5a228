// An editable SQL box: CodeMirror 6 with SQL highlighting, undo history and the default key bindings.
// CodeMirror injects its styles as one <style> element in the document head (style-mod uses constructed
// style sheets only inside shadow roots); the page's CSP admits that element only with the style nonce
// the build writes into a csp-nonce meta tag. Text typed over a selection is inserted by CodeMirror, not
// by the browser (see typeOverSelection). Mod-Enter submits from inside the editor, because there Enter
// inserts a line.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { syntaxHighlighting } from '@codemirror/language';
import { Compartment, EditorState, Prec } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { classHighlighter } from '@lezer/highlight';

// Read from the property first: once a policy arrives as a header, browsers hide the attribute.
function styleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}

/** How a SQL editor behaves. */
export interface SqlEditorOptions {
  /** Called with the SQL after every change. */
  onChange?: (text: string) => void;
  /** Called on Mod-Enter (Ctrl+Enter, or Cmd+Enter on a Mac) inside the editor. */
  onSubmit?: () => void;
  /** Starts read-only (the SQL can be read and selected but not changed). */
  readOnly?: boolean;
}

/** A SQL editor the analyst can change before approving. */
export class SqlEditor {
  /** The element that holds the editor. */
  readonly root: HTMLElement;
  private readonly view: EditorView;
  private readonly editable = new Compartment();

  constructor(initial: string, label: string, options: SqlEditorOptions = {}) {
    this.root = document.createElement('div');
    this.root.className = 'mw-sql-editor';
    const readOnly = options.readOnly ?? false;
    this.view = new EditorView({
      parent: this.root,
      state: EditorState.create({
        doc: initial,
        extensions: [
          // Above the default keymap, which binds Mod-Enter to "insert blank line".
          Prec.highest(
            keymap.of([
              {
                key: 'Mod-Enter',
                run: () => {
                  options.onSubmit?.();
                  return options.onSubmit !== undefined;
                },
              },
            ]),
          ),
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          sql({ dialect: PostgreSQL, upperCaseKeywords: true }),
          // Classes (tok-keyword, ...) coloured by chat.css from the theme's tokens, light or dark.
          syntaxHighlighting(classHighlighter),
          EditorView.lineWrapping,
          EditorView.cspNonce.of(styleNonce()),
          typeOverSelection,
          this.editable.of(editableExtensions(readOnly)),
          EditorView.contentAttributes.of({ 'aria-label': label, 'aria-multiline': 'true' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) options.onChange?.(update.state.doc.toString());
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

  /** True when the person cannot change the SQL. */
  get readOnly(): boolean {
    return this.view.state.readOnly;
  }

  /**
   * Mounts the editor's styles where `element` (now holding the editor) lives: inside an embedded app's
   * shadow root they must be in that root, where style-mod uses a constructed style sheet.
   */
  placedIn(element: HTMLElement): void {
    const root = element.getRootNode();
    if (root instanceof ShadowRoot) this.view.setRoot(root);
  }

  /** Makes the editor read-only (once a decision is made, or when the SQL holds a masked secret). */
  setReadOnly(readOnly: boolean): void {
    this.view.dispatch({ effects: this.editable.reconfigure(editableExtensions(readOnly)) });
  }

  /** Moves the keyboard focus into the editor, with the selection from `anchor` to `head`. */
  focus(anchor: number, head = anchor): void {
    const length = this.view.state.doc.length;
    this.view.dispatch({
      selection: { anchor: Math.min(anchor, length), head: Math.min(head, length) },
    });
    this.view.focus();
  }

  /** Frees the editor. */
  destroy(): void {
    this.view.destroy();
  }
}

/**
 * A character typed over a selection that spans lines is left to the browser by CodeMirror, and Chrome's
 * contenteditable then joins the lines by writing a `style` attribute on the merged `.cm-line`, which the
 * page's CSP refuses (a reported violation for each keystroke). Replacing the selection here, before the
 * browser edits anything, gives the same document and undo step with no style attribute. Composition
 * (IME) input is left alone: cancelling it would break the composition.
 */
const typeOverSelection = EditorView.domEventHandlers({
  beforeinput(event, view) {
    const typed = event.inputType === 'insertText' && !event.isComposing ? event.data : null;
    if (!typed || view.state.selection.ranges.every((range) => range.empty)) return false;
    event.preventDefault();
    view.dispatch(view.state.replaceSelection(typed), {
      scrollIntoView: true,
      userEvent: 'input.type',
    });
    return true;
  },
});

// Both facets: `editable` alone still lets commands such as undo change the document.
function editableExtensions(readOnly: boolean) {
  return [EditorView.editable.of(!readOnly), EditorState.readOnly.of(readOnly)];
}
