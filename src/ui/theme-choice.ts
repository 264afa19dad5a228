// The person's colour theme: follow the device (the default), or always light or dark. Kept in
// localStorage and applied as data-theme on <html>, which tokens.css turns into color-scheme.

/** The themes a person can choose. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** Where the choice is kept. */
export const themeStorageKey = 'mapwright.theme';

/** The choices in the order the toggle steps through them. */
export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

function isThemeChoice(value: unknown): value is ThemeChoice {
  return themeChoices.includes(value as ThemeChoice);
}

/** The saved choice, or "system" when none was saved (or storage is unavailable). */
export function readThemeChoice(storage: Storage | undefined = safeLocalStorage()): ThemeChoice {
  try {
    const saved = storage?.getItem(themeStorageKey);
    return isThemeChoice(saved) ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** Keeps `choice` for the next visit; a browser that refuses storage still gets the theme now. */
export function saveThemeChoice(
  choice: ThemeChoice,
  storage: Storage | undefined = safeLocalStorage(),
): void {
  try {
    if (choice === 'system') storage?.removeItem(themeStorageKey);
    else storage?.setItem(themeStorageKey, choice);
  } catch {
    // Storage can be switched off or full: the theme still applies to this page.
  }
}

/** Shows `choice` on the page: "system" lets prefers-color-scheme decide. */
export function applyThemeChoice(choice: ThemeChoice, root: HTMLElement): void {
  if (choice === 'system') delete root.dataset.theme;
  else root.dataset.theme = choice;
}

// Reading localStorage itself throws where storage is blocked (some privacy settings).
function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
