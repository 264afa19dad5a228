// Imported first by src/main.ts so the saved theme is on <html> before the app draws anything (the
// CSP allows no inline script in the page head to do it earlier).
import { applyThemeChoice } from './theme-choice';
import { readThemeChoice } from './theme-store';

applyThemeChoice(readThemeChoice(), document.documentElement);
