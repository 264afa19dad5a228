// First step of `npm test`: stops at once, with one line, when the browser tests would have no browser.
import { findChromium, NO_CHROMIUM_MESSAGE } from './find-chromium';

const found = findChromium();
if (!found) {
  console.error(NO_CHROMIUM_MESSAGE);
  process.exit(1);
}
const given = process.env.CHROMIUM_PATH;
if (given && found === given) {
  const { accessSync, constants } = await import('node:fs');
  try {
    accessSync(given, constants.X_OK);
  } catch {
    console.error(`CHROMIUM_PATH is ${given}, which is not an executable. ${NO_CHROMIUM_MESSAGE}`);
    process.exit(1);
  }
}
