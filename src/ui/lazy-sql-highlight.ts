// SQL highlighting that waits for its parser: the SQL shows at once as plain monospace text, and the
// CodeMirror SQL parser (a large chunk) colours it when it has loaded.
import type * as SqlHighlight from './sql-highlight';

let highlightModule: Promise<typeof SqlHighlight> | undefined;

/** Loads the SQL highlighter's chunk once (later calls share the same load). */
export function loadSqlHighlight(): Promise<typeof SqlHighlight> {
  highlightModule ??= import('./sql-highlight');
  return highlightModule;
}

/** Shows `code` in `target` now as plain text, and highlighted once the highlighter has loaded. */
export function highlightSqlWhenLoaded(code: string, target: HTMLElement): void {
  target.textContent = code;
  void loadSqlHighlight().then(
    ({ highlightSql }) => {
      // Skipped when the element was redrawn with other text meanwhile.
      if (target.textContent === code) highlightSql(code, target);
    },
    // Without the highlighter the plain text stays, which reads the same.
    () => undefined,
  );
}
