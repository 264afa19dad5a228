// The person's colour theme as kept between visits: follow the device (the default), or always light
// or dark, in localStorage. The page applies it (settings/theme-choice.ts); this file only reads and writes it.
import { safeLocalStorage } from '../storage/safe-local-storage';

/** The themes a person can choose. */
export type ThemeChoice = 'system' | 'light' | 'dark';

/** The choices in the order the theme button steps through them. */
export const themeChoices: readonly ThemeChoice[] = ['system', 'light', 'dark'];

/** Where the choice is kept. */
export const themeStorageKey = 'mapwright.theme';

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
