// Browser tests run against the production build; build it when it is missing (npm test builds first).
// One Chromium for each worker: launched here once, each test file connects to its worker's and opens
// its own contexts (launching Chromium for each of 60 files cost minutes of the suite on two cores).
// Files that run at once never share a browser, so each has its own GPU process (SwiftShader draws in
// it) and neither waits on the other's frames.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserServer } from 'playwright-core';
import { distDir } from '../servers/static-server';
import { chromiumArgs, chromiumPath } from './harness';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WebSocket addresses of the run's browsers (playwright-core's browser servers), one a worker. */
    chromiumEndpoints: string[];
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!existsSync(join(distDir, 'index.html'))) {
    execFileSync('npx', ['vite', 'build', '--logLevel', 'warn', '--outDir', distDir], {
      stdio: 'inherit',
    });
  }
  // Vitest numbers its workers 1 to maxWorkers (VITEST_POOL_ID); one file at a time is one worker.
  const workers = Math.max(1, Number(project.config.maxWorkers) || 1);
  const servers: BrowserServer[] = [];
  const closeAll = async (): Promise<void> => {
    await Promise.allSettled(servers.map((server) => server.close()));
  };
  try {
    for (let worker = 0; worker < workers; worker += 1)
      // Loopback only; each endpoint carries a random path, so only this run's workers find it.
      servers.push(
        await chromium.launchServer({
          executablePath: chromiumPath,
          headless: true,
          args: chromiumArgs,
          host: '127.0.0.1',
        }),
      );
  } catch (error) {
    await closeAll();
    throw error;
  }
  project.provide(
    'chromiumEndpoints',
    servers.map((server) => server.wsEndpoint()),
  );
  return closeAll;
}
