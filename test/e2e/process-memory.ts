// How much memory the browser's page processes hold, for upload tests and benches: Chromium's renderer
// processes (the page's thread and its workers, DuckDB's WebAssembly memory among them) found through
// the DevTools protocol, their resident size read from /proc (Linux only), and the page's JS heap.
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';

/** The resident memory of every renderer process, in bytes (undefined where /proc cannot be read). */
export async function rendererResidentBytes(browser: Browser): Promise<number | undefined> {
  const session = await browser.newBrowserCDPSession();
  try {
    const { processInfo } = (await session.send('SystemInfo.getProcessInfo')) as {
      processInfo: { type: string; id: number }[];
    };
    let total = 0;
    for (const process of processInfo.filter((entry) => entry.type === 'renderer')) {
      const status = await readFile(`/proc/${process.id}/status`, 'utf8').catch(() => '');
      const kilobytes = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
      if (kilobytes === undefined) return undefined;
      total += Number(kilobytes) * 1024;
    }
    return total;
  } finally {
    await session.detach();
  }
}

/** The page thread's used JS heap in bytes (workers have heaps of their own), after a collection. */
export async function pageHeapBytes(page: Page): Promise<number> {
  const session = await page.context().newCDPSession(page);
  try {
    await session.send('HeapProfiler.collectGarbage');
    await session.send('Performance.enable');
    const { metrics } = await session.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'JSHeapUsedSize')?.value ?? 0;
  } finally {
    await session.detach();
  }
}
