// File names made from what a person wrote: "Strongest quakes in 2001?" → strongest-quakes-in-2001.

/** Longest slug kept, in characters (file names stay readable in a downloads list). */
export const SLUG_LENGTH = 60;

/** A lowercase, dash-separated file name stem for `text`; `fallback` when nothing usable is left. */
export function fileSlug(text: string | undefined, fallback = 'result'): string {
  const slug = (text ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{Letter}\p{Number}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || fallback;
}
