// Marks the words a person searched for inside a turn, with the CSS Custom Highlight API: no element
// is added to the text the views own, so a re-render never fights the marks, and the page's CSP has
// nothing to say about it. Where the API is missing, the turn is still marked and scrolled to.
import './search-highlight.css';

/** The name of the highlight the stylesheet paints (`::highlight(mw-search)`). */
export const SEARCH_HIGHLIGHT = 'mw-search';

/** The words of a search, lower case, without the very short ones that would mark every line. */
export function searchWords(query: string): string[] {
  const words = query
    .toLowerCase()
    .split(/\s+/)
    .filter((word) => word.length >= 2);
  return [...new Set(words)];
}

/** True when `text` holds the search (the sidebar's rule: the whole query, any case). */
export function matchesSearch(text: string, query: string): boolean {
  const wanted = query.trim().toLowerCase();
  return wanted.length > 0 && text.toLowerCase().includes(wanted);
}

/** Paints every occurrence of `words` in `root`'s text; returns how many ranges were marked. */
export function highlightWords(root: HTMLElement, words: string[]): number {
  const registry = typeof CSS !== 'undefined' ? CSS.highlights : undefined;
  if (!registry || typeof Highlight === 'undefined') return 0;
  const ranges: Range[] = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = (node.textContent ?? '').toLowerCase();
    for (const word of words) {
      for (let at = text.indexOf(word); at !== -1; at = text.indexOf(word, at + word.length)) {
        const range = document.createRange();
        range.setStart(node, at);
        range.setEnd(node, at + word.length);
        ranges.push(range);
      }
    }
  }
  registry.set(SEARCH_HIGHLIGHT, new Highlight(...ranges));
  return ranges.length;
}

/** Takes the marks away. */
export function clearHighlight(): void {
  if (typeof CSS !== 'undefined') CSS.highlights?.delete(SEARCH_HIGHLIGHT);
}
