// Each table loads once: a second request for it shares the load under way (or done), and a load that
// failed is forgotten so the table can be tried again. Shared by both DuckDB engines.

/** The load of `table` in `loads`, or `start()` when there is none. */
export function loadOnce(
  loads: Map<string, Promise<void>>,
  table: string,
  start: () => Promise<void>,
): Promise<void> {
  const existing = loads.get(table);
  if (existing) return existing;
  const loading = start();
  loads.set(table, loading);
  loading.catch(() => loads.delete(table));
  return loading;
}

/**
 * Forgets the load of `table` (before the table is dropped): a load under way finishes first, so it
 * cannot create the table again after the drop.
 */
export async function forgetLoad(loads: Map<string, Promise<void>>, table: string): Promise<void> {
  await loads.get(table)?.catch(() => undefined);
  loads.delete(table);
}
