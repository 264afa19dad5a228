// A question whose answer queries, draws the result on the map and charts it, for the browser tests of
// opening, reloading and importing conversations: one conversation with a table, a layer and a chart.
import { waitForIdle, waitSayingWhere } from './chat-page';
import type { FakeLlmReply, FakeLlmScript } from '../servers/fake-llm/fake-llm-script';
import type { FakeLlm } from '../servers/fake-llm/fake-llm-server';
import type { Page } from 'playwright-core';

/** The question that draws a layer and a chart. */
export const DRAWING_QUESTION = 'Which are the northernmost airports?';
/** The answer's last words. */
export const DRAWING_ANSWER = 'The northernmost airports are drawn and charted.';

const NORTH_SQL =
  'SELECT iata, name, latitude, longitude FROM airports ORDER BY latitude DESC LIMIT 10';

/** The script; `fake` is read when a reply is built, to name the result the query returned. */
export function drawingScript(fake: () => FakeLlm | undefined): FakeLlmScript {
  /** The result_id the model was told, as it would read it back from the conversation. */
  const latestResultId = (): string => {
    for (const request of [...(fake()?.requests ?? [])].reverse()) {
      for (const message of [...(request.body.messages ?? [])].reverse()) {
        const content = typeof message.content === 'string' ? message.content : '';
        const match = /result_id=(\S+)/.exec(content);
        if (match?.[1]) return match[1];
      }
    }
    return 'missing';
  };
  return {
    tokenDelayMs: 2,
    rules: [
      {
        user: 'northernmost',
        reply: { toolCalls: [{ name: 'query', arguments: { sql_query: NORTH_SQL } }] },
      },
      {
        user: 'northernmost',
        toolResult: 'map and chart tools can use',
        get reply(): FakeLlmReply {
          const resultId = latestResultId();
          return {
            toolCalls: [
              {
                name: 'map_query_result',
                arguments: {
                  result_id: resultId,
                  geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
                  title: 'Northernmost airports',
                },
              },
              {
                name: 'render_chart',
                arguments: { result_id: resultId, kind: 'bar', x: 'iata', y: 'latitude' },
              },
            ],
          };
        },
      },
      { user: 'northernmost', toolResult: '', reply: { text: DRAWING_ANSWER } },
    ],
    fallback: { text: 'Hello.' },
  };
}

/** Asks the drawing question, approves the query and waits for the answer. */
export async function askDrawingQuestion(page: Page): Promise<void> {
  await page.fill('.mw-input', DRAWING_QUESTION);
  await page.press('.mw-input', 'Enter');
  await page.locator('.mw-approval-card .mw-approve').first().click();
  // Three rounds (the query, the drawing and the chart, then the words) after DuckDB's start, which
  // the question box's focus began a moment before: past Playwright's 30 s once in a full run two
  // files at a time.
  await waitSayingWhere(
    page,
    page.locator('.mw-answer', { hasText: DRAWING_ANSWER }),
    'No answer',
    90_000,
  );
  await waitForIdle(page);
}

/** The result layers on the map, once it is idle. */
export function resultLayers(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const controller = window.mapwright!.map!;
    await controller.whenIdle();
    return controller.map
      .getStyle()
      .layers.map((layer) => layer.id)
      .filter((id) => id.startsWith('result-'));
  });
}

/** The titles listed in the sidebar. */
export function sidebarTitles(page: Page): Promise<string[]> {
  return page.locator('.mw-sidebar-item:not([hidden]) .mw-sidebar-title').allTextContents();
}

/** How many conversations IndexedDB holds (list entries, deleted or not). */
export async function storedConversationCount(page: Page): Promise<number> {
  return (await storedConversationIds(page)).length;
}

/** The ids of the conversations IndexedDB holds (list entries, deleted or not). */
export function storedConversationIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const request = indexedDB.open('mapwright');
    const database = await new Promise<IDBDatabase>((resolve) => {
      request.onsuccess = () => resolve(request.result);
    });
    const all = database.transaction('conversations').objectStore('conversations').getAllKeys();
    const ids = await new Promise<string[]>((resolve) => {
      all.onsuccess = () => resolve(all.result.map(String));
    });
    database.close();
    return ids;
  });
}
