// A GitHub-flavoured markdown pipe table, read when it is the whole of a text (header, delimiter row,
// body), so prose that merely holds a pipe is never mistaken for a table.

/** A table's header and rows of cells, as text. */
export interface TextTable {
  header: string[];
  rows: string[][];
}

const delimiterCell = /^:?-+:?$/;

// Cells split on pipes that are not escaped (`\|` is a literal pipe); the outer pipes are optional.
function cellsOf(line: string): string[] {
  let text = line.trim();
  if (text.startsWith('|')) text = text.slice(1);
  if (text.endsWith('|') && !text.endsWith('\\|')) text = text.slice(0, -1);
  const cells: string[] = [];
  let current = '';
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\\' && text[index + 1] === '|') {
      current += '|';
      index += 1;
    } else if (character === '|') {
      cells.push(current.trim());
      current = '';
    } else current += character;
  }
  cells.push(current.trim());
  return cells;
}

/** The table `text` consists of, or undefined when the text is anything else. */
export function parseMarkdownTable(text: string): TextTable | undefined {
  const lines = text.trim().split(/\r?\n/);
  const [headerLine, delimiterLine, ...bodyLines] = lines;
  if (headerLine === undefined || delimiterLine === undefined) return undefined;
  if (!lines.every((line) => line.includes('|'))) return undefined;
  const header = cellsOf(headerLine);
  const delimiter = cellsOf(delimiterLine);
  if (header.length !== delimiter.length || !delimiter.every((cell) => delimiterCell.test(cell)))
    return undefined;
  if (header.some((name) => name === '') || new Set(header).size !== header.length)
    return undefined;
  // As in GFM: a short row is filled with empty cells, a long one loses its extra cells.
  const rows = bodyLines.map((line) => {
    const cells = cellsOf(line);
    return header.map((_name, index) => cells[index] ?? '');
  });
  return { header, rows };
}
