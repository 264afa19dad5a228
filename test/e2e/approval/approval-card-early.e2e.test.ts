// The first query of a visit: the card shows its description and SQL at once, while the SQL engine is
// still loading the table, and the pre-flight joins when it is ready, with DuckDB's estimate of a join.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startStaticServer } from '../../servers/static-server';
import { ask, expectClean, openChat } from '../chat-page';
import { launchBrowser } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { LoopbackServer } from '../../servers/loopback';
import type { Browser } from 'playwright-core';

const SQL =
  'SELECT a.state, f.delay FROM flights f JOIN airports a ON a.iata = f.origin WHERE f.delay IS NOT NULL';

const script: FakeLlmScript = {
  rules: [
    {
      user: 'delays by state',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: SQL } }] },
    },
  ],
  fallback: { text: 'Done.' },
};

describe('the first card of a visit', () => {
  let browser: Browser;
  let server: LoopbackServer;
  let fake: FakeLlm;
  let release: () => void = () => undefined;

  beforeAll(async () => {
    const held = new Promise<void>((resolve) => (release = resolve));
    [browser, server, fake] = await Promise.all([
      launchBrowser(),
      // The flights file waits until the test lets it go: the engine is still loading it.
      startStaticServer(undefined, {
        holdUntil: { paths: ['/data/flights-3m.parquet'], release: held },
      }),
      startFakeLlm({ script }),
    ]);
  });
  afterAll(async () => {
    release();
    await Promise.allSettled([browser?.close(), server?.stop(), fake?.stop()]);
  });

  it('shows the description and the SQL before the engine is ready, then the pre-flight', async () => {
    const opened = await openChat(browser, `${server.url}/`, {
      endpoint: fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await ask(page, 'Average delays by state?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    expect(await card.locator('.mw-proposal-description').first().isVisible()).toBe(true);
    await card.locator('.cm-content').waitFor();
    expect(await card.locator('.cm-content').textContent()).toBe(SQL);
    // The table is not loaded: the pre-flight is still checking, the card is there to read.
    expect(await card.locator('.mw-preflight').getAttribute('data-checking')).toBe('true');
    expect(await card.getByRole('button', { name: 'Approve query' }).isEnabled()).toBe(true);

    release();
    const rows = card.locator('.mw-preflight-rows');
    await rows.waitFor({ timeout: 120_000 });
    expect(await rows.textContent()).toMatch(/^Rows: about [\d,]+ rows \(DuckDB’s estimate\)$/);
    await card.getByRole('button', { name: 'Deny query' }).click();
    await expectClean(opened);
    await opened.context.close();
  }, 240_000);
});
