// The offline basemap's colours in the light and the dark theme, as plain data: the map paints its
// basemap with them, and the map tools check a result's colour against them (they cannot import map/).

/** The offline basemap's three colours. */
export interface BasemapPalette {
  /** The sea: the style's background, seen wherever there is no land. */
  water: string;
  land: string;
  borders: string;
}

/**
 * Light: a pale blue sea and warm off-white land (as before), grey borders.
 * Dark: near the page's own dark surfaces (tokens.css: #17181c, #1e2026), so the map sits in the page
 * instead of glowing beside it. The sea is the darkest, with a hint of blue so it reads as water; the
 * land is one step lighter (1.3:1 against the sea; the light theme's is 1.1:1) and stays dark enough
 * that the earthquakes' pale yellows (11:1), the counties' pale classes and the white rings around
 * every circle read at full contrast; the borders are a mid grey that separates countries without
 * drawing the eye (2.3:1 against the land, as in the light theme).
 */
export const basemapPalettes: Record<'light' | 'dark', BasemapPalette> = {
  light: { water: '#dbeafe', land: '#f8f5ee', borders: '#9ca3af' },
  dark: { water: '#10151e', land: '#272b34', borders: '#5a6170' },
};
