// The page's colour scheme as a person sees it: the theme they pinned (data-theme on <html>, set by
// the theme toggle) or, without one, the device's prefers-color-scheme. The map reads it here rather
// than from the toggle, so it follows either source of change without being wired to the UI.

/** The two colour schemes the page draws in. */
export type ColorScheme = 'light' | 'dark';

/** The media query for the device's dark scheme. */
const darkQuery = '(prefers-color-scheme: dark)';

/** What reading the scheme needs: the page's root and the browser's media queries. */
export interface SchemeSource {
  root: HTMLElement;
  matchMedia: (query: string) => MediaQueryList;
}

/** The scheme's source for `root` (an embedded app's own element), or the page's <html>. */
export function schemeSource(root: HTMLElement = document.documentElement): SchemeSource {
  return { root, matchMedia: (query) => window.matchMedia(query) };
}

function pageSource(): SchemeSource {
  return schemeSource();
}

/** The scheme the page is drawn in now. */
export function pageColorScheme(source: SchemeSource = pageSource()): ColorScheme {
  const pinned = source.root.dataset.theme;
  if (pinned === 'light' || pinned === 'dark') return pinned;
  return source.matchMedia(darkQuery).matches ? 'dark' : 'light';
}

/**
 * Calls `onChange` with the new scheme whenever it changes: the person toggles the theme, or the
 * device switches while the page follows it. Returns the function that stops watching.
 */
export function watchPageColorScheme(
  onChange: (scheme: ColorScheme) => void,
  source: SchemeSource = pageSource(),
): () => void {
  let current = pageColorScheme(source);
  const check = (): void => {
    const next = pageColorScheme(source);
    if (next === current) return;
    current = next;
    onChange(next);
  };
  const media = source.matchMedia(darkQuery);
  media.addEventListener('change', check);
  const observer = new MutationObserver(check);
  observer.observe(source.root, { attributes: true, attributeFilter: ['data-theme'] });
  return () => {
    media.removeEventListener('change', check);
    observer.disconnect();
  };
}
