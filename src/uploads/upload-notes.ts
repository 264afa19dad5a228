// The sentences an upload's notice is made of: how many features, which were left out, which rows were
// ragged. Shared by the upload whose layer comes first and the large one whose table comes first.
import { englishList } from '../agent/proposal/english-list';

/** "1 feature", "2 features". */
export function featureWords(count: number): string {
  return `${count} ${count === 1 ? 'feature' : 'features'}`;
}

/**
 * Says which features of a file mixing kinds of shape are not drawn (the table keeps them all):
 * "; its 3 lines and 1 area are not drawn (a layer draws one kind of shape)".
 */
export function leftOutNote(leftOut: Record<string, number> | undefined): string {
  const parts = Object.entries(leftOut ?? {}).map(
    ([shapes, count]) => `${count} ${count === 1 ? shapes.replace(/s$/, '') : shapes}`,
  );
  if (parts.length === 0) return '';
  const total = Object.values(leftOut ?? {}).reduce((sum, count) => sum + count, 0);
  return `; its ${englishList(parts)} ${total === 1 ? 'is' : 'are'} not drawn (a layer draws one kind of shape; the table has every row)`;
}

/** Says which rows did not have the header's number of fields, and what was done with them. */
export function raggedNote(raggedRows: number[] | undefined, fieldCount: number): string {
  if (!raggedRows || raggedRows.length === 0) return '';
  const shown = raggedRows.slice(0, 5).join(', ');
  const more = raggedRows.length > 5 ? ` and ${raggedRows.length - 5} more` : '';
  const plural = raggedRows.length === 1 ? 'row' : 'rows';
  return (
    ` ${raggedRows.length} ${plural} (${shown}${more}) did not have the header's ${fieldCount} fields:` +
    ' missing values were left empty, and extra values are kept only in SQL, as extra columns.'
  );
}
