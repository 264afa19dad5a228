// Finds a Chromium the way people have one: CHROMIUM_PATH, Debian's /usr/bin/chromium, then the usual
// names on PATH. The browser tests, the screenshots and the browser benches all launch what this finds.
import { accessSync, constants } from 'node:fs';
import { delimiter, join } from 'node:path';

/** Names a Chromium or Chrome goes by on PATH, in the order they are tried. */
export const CHROMIUM_NAMES = [
  'chromium',
  'chromium-browser',
  'google-chrome',
  'google-chrome-stable',
];

function isExecutable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The browser to launch, or undefined when this machine has none. */
export function findChromium(
  environment: NodeJS.ProcessEnv = process.env,
  executable: (path: string) => boolean = isExecutable,
): string | undefined {
  if (environment.CHROMIUM_PATH) return environment.CHROMIUM_PATH;
  if (executable('/usr/bin/chromium')) return '/usr/bin/chromium';
  for (const folder of (environment.PATH ?? '').split(delimiter).filter(Boolean)) {
    for (const name of CHROMIUM_NAMES) {
      const candidate = join(folder, name);
      if (executable(candidate)) return candidate;
    }
  }
  return undefined;
}

/** The one line that says what to install when no browser is found. */
export const NO_CHROMIUM_MESSAGE =
  'No Chromium found for the browser tests: install it (Debian/Ubuntu: sudo apt-get install chromium; ' +
  'macOS: brew install --cask chromium) or set CHROMIUM_PATH to a Chromium or Chrome executable.';
