// Helpers for browser tests of the map: drawing a query result as the model would, without a model.
import type { Page } from 'playwright-core';

/** Runs SQL through the embedded query tool and draws its result; returns the result layer's id. */
export async function drawQuery(
  page: Page,
  sql: string,
  drawing: Record<string, unknown>,
): Promise<string> {
  const drawn = await page.evaluate(
    async ({ sql, drawing }) => {
      const app = window.mapwright!;
      await app.data;
      const signal = new AbortController().signal;
      const query = app.registry
        .list()
        .find((tool) => tool.origin.kind === 'mcp' && tool.origin.originalName === 'query')!;
      const queried = await query.execute({ sql_query: sql }, { signal });
      const resultId =
        /result_id=([A-Za-z0-9_-]+)/.exec(queried.content)?.[1] ?? app.resultStore.ids().at(-1);
      const outcome = await app.registry
        .get('map_query_result')!
        .execute({ result_id: resultId, ...drawing }, { signal });
      return outcome.content;
    },
    { sql, drawing },
  );
  const layerId = /layer (result-[A-Za-z0-9_-]+)/.exec(drawn)?.[1];
  if (!layerId) throw new Error(`nothing drawn: ${drawn}`);
  return layerId;
}
