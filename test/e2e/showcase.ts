// The app's main views, reached as a person would with the fake LLM: the first run without a model, a
// question whose query waits on the approval card, the answer with a table, a chart and a map result,
// the settings and the phone's map tab. Shared by the accessibility test and `npm run screenshots`.
// (page.evaluate callbacks here define no named inner functions: tsx would wrap them in a helper the
// page does not have.)
import { ask, openChat, waitForChat, waitForIdle, type ContractPage } from './chat-page';
import { openPage, type PageUnderTest } from './harness';
import type { FakeLlmReply, FakeLlmScript } from '../servers/fake-llm/fake-llm-script';
import type { FakeLlmRequest } from '../servers/fake-llm/fake-llm-server';
import type { Browser, Page } from 'playwright-core';

/** The desktop window the screenshots and checks use. */
export const desktopViewport = { width: 1440, height: 900 };
/** A phone (an iPhone 14's CSS pixels). */
export const phoneViewport = { width: 390, height: 844 };

/** The question the showcase asks. */
export const showcaseQuestion = 'Where were the strongest earthquakes this week?';

const strongestSql =
  'SELECT place, mag, longitude, latitude FROM earthquakes ORDER BY mag DESC LIMIT 10';

/** The result_id the model was told, read back from what the page sent it. */
function lastResultId(requests: FakeLlmRequest[]): string {
  for (const request of [...requests].reverse()) {
    for (const message of request.body.messages ?? []) {
      const content = typeof message.content === 'string' ? message.content : '';
      const match = /result_id=(\S+)/.exec(content);
      if (match?.[1]) return match[1];
    }
  }
  return 'missing';
}

/**
 * The fake model's script: one SQL query (needs approval), then a map layer and a chart of its result,
 * then an answer with a markdown table. `requests` reads the fake's requests (for the result id).
 */
export function showcaseScript(requests: () => FakeLlmRequest[]): FakeLlmScript {
  return {
    tokenDelayMs: 1,
    rules: [
      {
        user: 'strongest earthquakes',
        reply: {
          text: 'I will look up the largest magnitudes recorded this week.',
          toolCalls: [{ name: 'query', arguments: { sql_query: strongestSql } }],
        },
      },
      {
        user: 'strongest earthquakes',
        toolResult: 'map and chart tools can use',
        get reply(): FakeLlmReply {
          const resultId = lastResultId(requests());
          return {
            toolCalls: [
              {
                name: 'map_query_result',
                arguments: {
                  result_id: resultId,
                  geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
                  title: 'Strongest earthquakes',
                },
              },
              {
                name: 'render_chart',
                arguments: { result_id: resultId, kind: 'bar', x: 'place', y: 'mag' },
              },
            ],
          };
        },
      },
      {
        user: 'strongest earthquakes',
        toolResult: '',
        reply: {
          text: [
            'The **strongest earthquakes** of the week are drawn on the map and charted above.',
            '',
            '| Rank | Magnitude | Region |',
            '| ---: | ---: | --- |',
            '| 1 | 6.9 | Off the coast of Alaska |',
            '| 2 | 6.4 | Tonga |',
            '| 3 | 6.1 | Northern Chile |',
          ].join('\n'),
        },
      },
      // A follow-up whose map call fails (a result id the page does not hold) and whose answer shows
      // the SQL in a code block wider than the chat.
      {
        user: codeQuestion,
        reply: {
          toolCalls: [
            {
              name: 'map_query_result',
              arguments: {
                result_id: 'gone',
                geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
              },
            },
          ],
        },
      },
      {
        user: codeQuestion,
        toolResult: '',
        reply: {
          text: [
            'That result is no longer held; this is the query that found them:',
            '',
            '```sql',
            `${strongestSql} -- ranked by magnitude, strongest first, ten rows for the map and the chart`,
            '```',
          ].join('\n'),
        },
      },
    ],
    fallback: { text: 'Ask about the strongest earthquakes to see a query proposed.' },
  };
}

/** A follow-up question whose answer has a failed call and a code block. */
export const codeQuestion = 'Show me the SQL behind it';

/** Asks the follow-up and waits for its failed call and its code block. */
export async function showCodeAndError(page: Page): Promise<void> {
  await ask(page, codeQuestion);
  await page.locator('.mw-call[data-state="error"]').first().waitFor({ timeout: 60_000 });
  await page.locator('.mw-answer pre').last().waitFor({ timeout: 60_000 });
  await waitForIdle(page);
  await settle(page);
}

/** How a view is opened. */
export interface ViewOptions {
  viewport: { width: number; height: number };
  colorScheme: 'light' | 'dark';
}

/** Opens the app as a first-time visitor: no model configured. */
export async function openFirstRun(
  browser: Browser,
  appUrl: string,
  options: ViewOptions,
): Promise<PageUnderTest> {
  const opened = await openPage(browser, { viewport: options.viewport, motion: 'no-preference' });
  await opened.page.emulateMedia({ colorScheme: options.colorScheme });
  await opened.page.goto(appUrl);
  await waitForChat(opened.page);
  await settle(opened.page);
  return opened;
}

/** Opens the app with the chat pointed at the fake model at `endpoint`. */
export async function openShowcase(
  browser: Browser,
  appUrl: string,
  endpoint: string,
  options: ViewOptions,
): Promise<ContractPage> {
  const opened = await openChat(browser, appUrl, { endpoint, viewport: options.viewport });
  await opened.page.emulateMedia({ colorScheme: options.colorScheme });
  await settle(opened.page);
  return opened;
}

/** Asks the showcase question and waits for its approval card. */
export async function showApprovalCard(page: Page): Promise<void> {
  await ask(page, showcaseQuestion);
  await page.locator('.mw-approval-card .mw-approve').first().waitFor({ timeout: 60_000 });
  await page.locator('.mw-approval-card .cm-content').first().waitFor({ timeout: 60_000 });
}

/** Approves the card and waits for the answer with its table, chart and map layer. */
export async function showAnswer(page: Page): Promise<void> {
  await page.locator('.mw-approval-card .mw-approve').first().click();
  await page.locator('.mw-answer .mw-markdown-table').waitFor({ timeout: 60_000 });
  await page.locator('.mw-chart svg').first().waitFor({ timeout: 60_000 });
  await waitForIdle(page);
  await settle(page);
}

/** Opens the settings dialog. */
export async function showSettings(page: Page): Promise<void> {
  await page.locator('.mw-header button', { hasText: 'Settings' }).first().click();
  await page.locator('.mw-dialog-slot [role="dialog"]').waitFor();
}

/** Shows the map tab (on a phone) and waits for the map to draw. */
export async function showMapTab(page: Page): Promise<void> {
  await page.locator('#app-tab-map').click();
  await settle(page);
}

/** Shows the chat tab (on a phone). */
export async function showChatTab(page: Page): Promise<void> {
  await page.locator('#app-tab-chat').click();
}

/** Waits for the map to finish drawing, so a screenshot or a check sees what a person would. */
export async function settle(page: Page): Promise<void> {
  await page.waitForSelector('#app[data-map-idle="true"]', { timeout: 60_000 }).catch(() => {});
  await page.evaluate(() => window.mapwright?.map?.whenIdle());
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}
