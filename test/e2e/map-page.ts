// Helpers for browser tests of the map: drawing a query result as the model would, without a model, and
// the pixels a layer puts on the screen.
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

/** Standard deviation of the map canvas's pixel luminance: a blank (or unpainted) map is near zero. */
export async function mapCanvasVariance(page: Page): Promise<number> {
  return page.evaluate(() => {
    const canvas = document.querySelector<HTMLCanvasElement>('#map canvas')!;
    const copy = document.createElement('canvas');
    copy.width = 200;
    copy.height = 150;
    const context = copy.getContext('2d')!;
    context.drawImage(canvas, 0, 0, copy.width, copy.height);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let sum = 0;
    let squares = 0;
    const pixels = data.length / 4;
    for (let index = 0; index < data.length; index += 4) {
      const luminance =
        0.2126 * data[index]! + 0.7152 * data[index + 1]! + 0.0722 * data[index + 2]!;
      sum += luminance;
      squares += luminance * luminance;
    }
    return Math.sqrt(squares / pixels - (sum / pixels) ** 2);
  });
}

/**
 * Pixels of the map canvas that change when the layer is hidden: what the layer itself puts on the
 * screen. Both pictures are taken once the map is idle.
 */
export async function layerPixels(page: Page, layerId: string): Promise<number> {
  return page.evaluate(async (id) => {
    const controller = window.mapwright!.map!;
    const picture = async (): Promise<Uint8ClampedArray> => {
      await controller.whenIdle();
      const canvas = controller.map.getCanvas();
      const copy = document.createElement('canvas');
      copy.width = canvas.width;
      copy.height = canvas.height;
      const context = copy.getContext('2d')!;
      context.drawImage(canvas, 0, 0);
      return context.getImageData(0, 0, copy.width, copy.height).data;
    };
    const shown = await picture();
    controller.setVisibility(id, false);
    const hidden = await picture();
    controller.setVisibility(id, true);
    await controller.whenIdle();
    let changed = 0;
    for (let index = 0; index < shown.length; index += 4) {
      const difference =
        Math.abs(shown[index]! - hidden[index]!) +
        Math.abs(shown[index + 1]! - hidden[index + 1]!) +
        Math.abs(shown[index + 2]! - hidden[index + 2]!);
      if (difference > 40) changed += 1;
    }
    return changed;
  }, layerId);
}
