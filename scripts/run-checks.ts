// `npm test`'s static checks at once, and the build beside them: typecheck, lint, the format check and
// `vite build` read the same files and none needs another's output, and on two cores lint and prettier
// each keep one busy (about 20 and 30 s alone, about 30 s together with the typecheck). Each check's output is printed whole when it
// ends, under its name, so the log reads as if they had run one after another; the command fails
// when any check fails, after all have ended.
//
// Usage: tsx scripts/run-checks.ts [npm-script ...]   (typecheck, lint and format:check by default)
import { spawn } from 'node:child_process';

/** One npm script's exit code and everything it printed, in the order it printed it. */
export function runScript(name: string): Promise<{ name: string; code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '-s', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', (error) =>
      resolve({ name, code: 1, output: `${output}${error.message}\n` }),
    );
    child.once('close', (code, signal) =>
      resolve({ name, code: code ?? (signal ? 1 : 0), output }),
    );
  });
}

async function main(): Promise<void> {
  const names = process.argv.slice(2);
  const scripts = names.length > 0 ? names : ['typecheck', 'lint', 'format:check'];
  const started = Date.now();
  const finished = await Promise.all(
    scripts.map((name) =>
      runScript(name).then((result) => {
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(
          `\n> npm run ${name}: ${result.code === 0 ? 'passed' : `failed (exit ${result.code})`} after ${seconds} s\n${result.output}`,
        );
        return result;
      }),
    ),
  );
  const failed = finished.filter((result) => result.code !== 0).map((result) => result.name);
  if (failed.length > 0) {
    process.stderr.write(`\nFailed: ${failed.join(', ')}\n`);
    process.exitCode = 1;
  }
}

await main();
