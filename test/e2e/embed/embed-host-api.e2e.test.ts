// The host page's API of an embedded app (examples/embed/, the app on another origin): the page asks
// the <mapwright-app> element a question and hears the app's events — a query's result ready, a layer
// drawn, the answer finished — on that element only; the app beside it hears nothing.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { startStaticServer } from '../../servers/static-server';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { embedCorsHeaders } from '../embed-page';
import { launchBrowser, openPage } from '../harness';
import type { FakeLlmReply, FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { LoopbackServer } from '../../servers/loopback';
import type { Browser } from 'playwright-core';

const QUERY = 'SELECT name, latitude, longitude FROM airports ORDER BY latitude DESC LIMIT 20';

let fake: FakeLlm;

const script: FakeLlmScript = {
  tokenDelayMs: 5,
  rules: [
    {
      user: 'furthest north',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: QUERY } }] },
    },
    {
      user: 'furthest north',
      toolResult: 'map and chart tools can use',
      // A getter: the reply names the result_id the query just returned, as a real model would.
      get reply(): FakeLlmReply {
        const content = fake.requests.at(-1)?.body.messages?.at(-1)?.content;
        const text = typeof content === 'string' ? content : JSON.stringify(content);
        const resultId = /result_id=(\S+)/.exec(text)?.[1] ?? 'missing';
        return {
          toolCalls: [
            {
              name: 'map_query_result',
              arguments: {
                result_id: resultId,
                geometry: { kind: 'points', lon: 'longitude', lat: 'latitude' },
                title: 'Northernmost',
              },
            },
          ],
        };
      },
    },
    {
      user: 'furthest north',
      toolResult: '',
      reply: { text: 'The northernmost airports are drawn on the map.' },
    },
  ],
};

describe("the host page's API of an embedded app", () => {
  let browser: Browser;
  let assets: ConfigVariant;
  let host: LoopbackServer;
  beforeAll(async () => {
    fake = await startFakeLlm({ script });
    const config = await lightConfig();
    // Queries run without a card, so the page's question goes through on its own.
    config.approvals = { ...(config.approvals as object), autoApproveSession: true };
    [browser, assets, host] = await Promise.all([
      launchBrowser(),
      serveWithConfig(JSON.stringify(config), { headers: embedCorsHeaders }),
      startStaticServer(resolve('examples/embed')),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), assets?.stop(), host?.stop(), fake?.stop()]);
  });

  it('asks the element a question and hears its result, layer and answer events', async () => {
    const { page, context, pageErrors, outsideRequests } = await openPage(browser);
    // The person's model, saved in the element's own storage namespace on the host page's origin.
    await page.addInitScript((endpoint) => {
      localStorage.setItem(
        'mapwright@field-notes-element/mapwright.llm',
        JSON.stringify({ provider: 'local', endpoint, model: 'fake-model' }),
      );
    }, fake.url);
    await page.goto(`${host.url}/?app=${encodeURIComponent(assets.appUrl)}`);
    await expect
      .poll(() => page.locator('.app-chat[data-chat-ready="true"]').count(), { timeout: 90_000 })
      .toBe(2);
    await page.evaluate(() => {
      const heard: { where: string; type: string; detail: unknown }[] = [];
      (window as unknown as { heard: typeof heard }).heard = heard;
      for (const id of ['element-app', 'mounted-app'])
        for (const type of ['mapwright-answer', 'mapwright-result', 'mapwright-layer'])
          document.getElementById(id)!.addEventListener(type, (event) => {
            heard.push({ where: id, type, detail: (event as CustomEvent).detail });
          });
    });
    await page.evaluate(async () => {
      const element = document.getElementById('element-app') as unknown as {
        ask(question: string): Promise<void>;
      };
      await element.ask('Which airports are furthest north?');
    });
    type Heard = { where: string; type: string; detail: Record<string, unknown> };
    const heard = (): Promise<Heard[]> =>
      page.evaluate(() => (window as unknown as { heard: Heard[] }).heard);
    await expect
      .poll(async () => (await heard()).map((event) => event.type), { timeout: 60_000 })
      .toEqual(['mapwright-result', 'mapwright-layer', 'mapwright-answer']);
    const [result, layer, answer] = await heard();
    expect(result!.where).toBe('element-app');
    expect(result!.detail).toMatchObject({
      tool: 'query',
      columns: ['name', 'latitude', 'longitude'],
      rowCount: 20,
    });
    expect(layer!.detail).toMatchObject({ title: 'Northernmost', featureCount: 20 });
    expect(answer!.detail).toMatchObject({
      text: 'The northernmost airports are drawn on the map.',
    });
    expect((await heard()).every((event) => event.where === 'element-app')).toBe(true);
    expect(pageErrors).toEqual([]);
    expect(outsideRequests).toEqual([]);
    await context.close();
  }, 180_000);
});
