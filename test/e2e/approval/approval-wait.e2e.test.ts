// A careful reviewer keeps the card: in the built app, with the fake LLM and the real DuckDB-WASM, a turn
// whose time limit is 8 seconds waits six minutes on its approval card (the page's clock moved forward),
// says how long it has waited, and completes once the person approves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, expectClean, openChat, waitSayingWhere } from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser } from 'playwright-core';

const SQL = "SELECT name FROM airports WHERE state = 'AK' ORDER BY name LIMIT 3";
// The turn's own work (two model rounds and the query) must fit in the limit on a loaded machine: at 3 s
// it once did not, and the turn ended at its limit after the approval.
const TURN_DEADLINE_MS = 8_000;

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    {
      user: 'alaska airports',
      reply: {
        text: 'Looking at Alaska.',
        toolCalls: [{ name: 'query', arguments: { sql_query: SQL } }],
      },
    },
    { user: 'alaska airports', toolResult: '', reply: { text: 'Three **Alaskan** airports.' } },
  ],
};

describe('an approval card left for a long time', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let variant: ConfigVariant;
  beforeAll(async () => {
    const config = await lightConfig();
    config.limits = {
      ...(config.limits as Record<string, unknown>),
      turnDeadlineMs: TURN_DEADLINE_MS,
    };
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      serveWithConfig(JSON.stringify(config)),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop()]);
  });

  it('waits six minutes past an 8-second turn limit, says so, and the approved turn completes', async () => {
    const opened = await openChat(browser, variant.appUrl, {
      endpoint: fake.url,
      // The page's clock runs as usual, and can be moved forward without waiting.
      beforeLoad: (page) => page.clock.install(),
    });
    const { page } = opened;
    await ask(page, 'Which alaska airports come first?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    expect(await page.locator('.mw-status-text').textContent()).toBe('Waiting for your approval');
    // Longer than the turn's whole time limit, in real time too, before the clock jumps.
    await page.waitForTimeout(TURN_DEADLINE_MS + 1_000);
    await page.clock.fastForward('06:00');
    await page.clock.runFor(20_000);
    // The card is still there, its call still waiting, and the turn not ended by its time limit.
    expect(await card.count()).toBe(1);
    expect(await page.locator('.mw-call[data-tool="query"]').getAttribute('data-state')).toBe(
      'pending',
    );
    expect(await page.locator('.mw-status-text').textContent()).toBe('Waiting for your approval');
    await card.locator('.mw-approval-waited', { hasText: 'Waiting for you · 6 min' }).waitFor();

    await card.getByRole('button', { name: 'Approve query' }).click();
    await waitSayingWhere(
      page,
      page.locator('.mw-answer strong', { hasText: 'Alaskan' }),
      'No answer after the approval',
    );
    expect(await page.locator('.mw-result-table tbody tr').count()).toBe(3);
    expect(await page.locator('.mw-call[data-tool="query"]').getAttribute('data-state')).toBe(
      'success',
    );
    expect(await page.locator('.mw-chat').textContent()).not.toMatch(/time limit/);
    expect(await card.count()).toBe(0);
    await expectClean(opened);
    await opened.context.close();
  });
});
