// Called first by src/main.ts so the saved theme is on <html> before the app draws anything (the CSP
// allows no inline script in the page head to do it earlier).
import { applyThemeChoice } from './theme-choice';
import { readThemeChoice } from './theme-store';

/** Puts the person's saved theme (light, dark or the system's) on the page's root element. */
export function applySavedTheme(root: HTMLElement = document.documentElement): void {
  applyThemeChoice(readThemeChoice(), root);
}
