// The chat's large, late parts (the CodeMirror SQL editor and highlighter, Observable Plot) load on
// their own when the first card, SQL block or chart appears; fetching them once the page is idle means
// that first card rarely waits, while the chat's first answer never waits for them.
import { loadSqlEditor } from '../approval';
import { loadPlotChart } from '../tools/chart/lazy-plot-chart';
import { loadSqlHighlight } from '../ui/lazy-sql-highlight';
import type { Mounted } from '../ui/mounted';

/** Runs `work` when the page is next idle, or after `timeoutMs` at the latest, unless destroyed first. */
export function whenIdle(work: () => void, timeoutMs = 2_000): Mounted {
  if (typeof window.requestIdleCallback === 'function') {
    const idle = window.requestIdleCallback(work, { timeout: timeoutMs });
    return { destroy: () => window.cancelIdleCallback(idle) };
  }
  const timer = window.setTimeout(work, timeoutMs);
  return { destroy: () => window.clearTimeout(timer) };
}

/** Loads the editor, highlighter and chart chunks when the page is next idle (within `timeoutMs`). */
export function preloadChatModules(timeoutMs = 2_000): Mounted {
  return whenIdle(() => {
    // A failed preload is retried by the first card that needs the module, which then shows plain text.
    for (const load of [loadSqlEditor, loadSqlHighlight, loadPlotChart])
      void load().catch(() => {});
  }, timeoutMs);
}
