// Exported files are named after the conversation and the day it started, so a folder of exports reads
// like the sidebar: `where-were-the-strongest-earthquakes-2025-03-14.md`.

/** Characters of the title kept in a file name. */
const SLUG_LENGTH = 60;

/** The title as lowercase ASCII words joined by hyphens ("conversation" when nothing is left). */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_LENGTH)
    .replace(/-+$/, '');
  return slug || 'conversation';
}

/** The local calendar date of `time` as YYYY-MM-DD. */
export function isoDate(time: number): string {
  const date = new Date(time);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** `<slugified title>-<YYYY-MM-DD>.<extension>` for a conversation started at `createdAt`. */
export function exportFileName(
  title: string,
  createdAt: number,
  extension: 'md' | 'json' | 'csv' | 'html',
): string {
  return `${slugify(title)}-${isoDate(createdAt)}.${extension}`;
}
