// A model without tool calling, chosen as such in Settings: the request carries no tool field, the model
// writes its call as JSON in its text, and the map tool still runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, expectClean, openChat, waitForIdle } from '../chat-page';
import { startAppHarness, type AppHarness } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    {
      user: { regex: 'Result of tool fly_to' },
      reply: { text: 'The map is over **Denver** now.' },
    },
    {
      user: 'show me denver',
      reply: { text: '{"tool": "fly_to", "arguments": {"lon": -104.99, "lat": 39.74, "zoom": 9}}' },
    },
  ],
  fallback: { text: 'No script for that.' },
};

describe('a model that writes its tool calls as JSON in the text', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  beforeAll(async () => {
    [harness, fake] = await Promise.all([
      startAppHarness({ datasets: 'airports' }),
      startFakeLlm({ script }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  it('is chosen in Settings for that model, sends no tool field, and its written call runs', async () => {
    const opened = await openChat(harness.browser, harness.appUrl, { endpoint: fake.url });
    const { page } = opened;
    await page.getByRole('button', { name: 'Open the settings' }).click();
    await page.locator('select.mw-tool-mode').selectOption('json-in-text');
    await page.getByRole('button', { name: 'Save the language model settings' }).click();
    await page.locator('.mw-connection-report[data-ok="true"]').waitFor();
    const saved = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('mapwright.llm') ?? '{}'),
    );
    expect(saved.toolModes).toEqual({ 'local fake-model': 'json-in-text' });
    await page.getByRole('button', { name: 'Close the settings' }).click();

    await ask(page, 'show me denver');
    await page.locator('.mw-answer strong', { hasText: 'Denver' }).waitFor({ timeout: 30_000 });
    await waitForIdle(page);
    const first = fake.requests.find((request) =>
      JSON.stringify(request.body?.messages ?? []).includes('show me denver'),
    );
    expect(first?.body.tools).toBeUndefined();
    expect(JSON.stringify(first?.body.messages?.[0])).toContain('fly_to');
    const center = await page.evaluate(() => {
      const { lng, lat } = window.mapwright!.map!.map.getCenter();
      return { lng, lat };
    });
    expect(center?.lng).toBeCloseTo(-104.99, 1);
    expect(center?.lat).toBeCloseTo(39.74, 1);
    await expectClean(opened);
    await opened.context.close();
  }, 90_000);
});
