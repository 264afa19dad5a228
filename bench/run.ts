// `npm run bench -- NAME` runs bench/NAME.bench.ts, which prints its figures as `key=value` lines.
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const available = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''));
const name = process.argv[2];
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench -- NAME, where NAME is one of: ${available.join(', ')}`);
  process.exit(2);
}
const file = join(here, `${name}.bench.ts`);
if (!existsSync(file)) process.exit(2);
const module = (await import(pathToFileURL(file).href)) as { run: () => Promise<void> };
await module.run();
