// Static SQL highlighting for answers and logs: the CodeMirror SQL parser, spans built with textContent.
import { PostgreSQL, sql } from '@codemirror/lang-sql';
import { classHighlighter, highlightCode } from '@lezer/highlight';

const parser = sql({ dialect: PostgreSQL }).language.parser;

/** Replaces `target`'s children with highlighted SQL (classes `tok-keyword`, `tok-string`, ...). */
export function highlightSql(code: string, target: HTMLElement): void {
  const fragment = document.createDocumentFragment();
  highlightCode(
    code,
    parser.parse(code),
    classHighlighter,
    (text, classes) => {
      if (!classes) {
        fragment.append(document.createTextNode(text));
        return;
      }
      const span = document.createElement('span');
      span.className = classes;
      span.textContent = text;
      fragment.append(span);
    },
    () => fragment.append(document.createTextNode('\n')),
  );
  target.replaceChildren(fragment);
}
