// The approval card's SQL box, drawn at once as a plain textarea and upgraded in place to the CodeMirror
// editor when its chunk arrives. CodeMirror is about a third of the chat's JavaScript; loading it with
// the first card (or when the page is idle, see preload-chat-modules.ts) keeps it off the path to the
// chat's first answer. The textarea is a working editor meanwhile: edits, Ctrl+Enter and read-only
// behave the same, and its text, selection and focus carry over to CodeMirror.
import type * as SqlEditorModule from './sql-editor';
import type { SqlEditor, SqlEditorOptions } from './sql-editor';

let editorModule: Promise<typeof SqlEditorModule> | undefined;

/** Loads the CodeMirror SQL editor's chunk once (later calls share the same load). */
export function loadSqlEditor(): Promise<typeof SqlEditorModule> {
  editorModule ??= import('./sql-editor');
  return editorModule;
}

/** A SQL editor the analyst can change before approving, usable before CodeMirror has loaded. */
export class LazySqlEditor {
  /** The element that holds the editor (the textarea until CodeMirror replaces it). */
  readonly root: HTMLElement;
  /** Settles once CodeMirror has replaced the textarea (or failed to load, leaving the textarea). */
  readonly ready: Promise<void>;
  private readonly fallback: HTMLTextAreaElement;
  private editor: SqlEditor | undefined;
  private destroyed = false;

  constructor(initial: string, label: string, options: SqlEditorOptions = {}) {
    this.root = document.createElement('div');
    this.root.className = 'mw-sql-editor';
    this.fallback = document.createElement('textarea');
    this.fallback.className = 'mw-sql-fallback';
    this.fallback.value = initial;
    this.fallback.spellcheck = false;
    this.fallback.readOnly = options.readOnly ?? false;
    this.fallback.setAttribute('aria-label', label);
    // As many rows as the SQL has lines, so the box is about as tall as the editor that replaces it.
    this.fallback.rows = Math.max(1, initial.split('\n').length);
    this.fallback.addEventListener('input', () => options.onChange?.(this.fallback.value));
    this.fallback.addEventListener('keydown', (event) => {
      if (event.key !== 'Enter') return;
      if ((event.ctrlKey || event.metaKey) && options.onSubmit) {
        event.preventDefault();
        options.onSubmit();
        return;
      }
      // Enter inserts a line here, as in CodeMirror: the card must not take it as "approve".
      event.stopPropagation();
    });
    this.root.append(this.fallback);
    this.ready = loadSqlEditor().then(
      ({ SqlEditor }) => this.upgrade(new SqlEditor(this.fallback.value, label, options)),
      // Offline or a stale deployment: the textarea stays, and it does everything the card needs.
      () => undefined,
    );
  }

  /** The SQL as it stands now. */
  get value(): string {
    return this.editor ? this.editor.value : this.fallback.value;
  }

  /** Replaces the SQL (tests and programmatic edits). */
  set value(text: string) {
    if (this.editor) this.editor.value = text;
    else this.fallback.value = text;
  }

  /** True when the person cannot change the SQL. */
  get readOnly(): boolean {
    return this.editor ? this.editor.readOnly : this.fallback.readOnly;
  }

  /** Makes the editor read-only (once a decision is made, or when the SQL holds a masked secret). */
  setReadOnly(readOnly: boolean): void {
    this.fallback.readOnly = readOnly;
    this.editor?.setReadOnly(readOnly);
  }

  /** Frees the editor. */
  destroy(): void {
    this.destroyed = true;
    this.editor?.destroy();
  }

  private upgrade(editor: SqlEditor): void {
    if (this.destroyed) {
      editor.destroy();
      return;
    }
    // The state at the swap wins: a decision may have made the box read-only while CodeMirror loaded.
    editor.setReadOnly(this.fallback.readOnly);
    // The root's activeElement: inside an embedded app's shadow root the document's is the host.
    const where = this.fallback.getRootNode();
    const focused =
      (where instanceof ShadowRoot ? where.activeElement : document.activeElement) ===
      this.fallback;
    const { selectionStart, selectionEnd } = this.fallback;
    this.editor = editor;
    // CodeMirror's element moves into this root, which already sits in the card, so nothing reflows
    // around the box but the box itself.
    this.root.replaceChildren(...editor.root.childNodes);
    editor.placedIn(this.root);
    if (focused) editor.focus(selectionStart, selectionEnd);
  }
}
