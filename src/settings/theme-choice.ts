// The colour theme on the page: data-theme on <html>, which tokens.css turns into color-scheme.
import type { ThemeChoice } from './theme-store';

/** Shows `choice` on the page: "system" lets prefers-color-scheme decide. */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}
