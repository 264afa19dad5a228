// A person's own PostGIS database in the built app, in Chromium: through the project's server
// (`npm run mcp-server -- --postgres`) and through the stock @modelcontextprotocol/server-postgres behind
// the bridge, a bbox query on points and a polygon join are approved on the card and drawn on the map
// (their pixels on the canvas). The card shows the database's own pre-flight, or says there is none; a
// typo does not parse, in PostgreSQL's words. Stop, the tool timeout and a closed page each leave no
// backend running in pg_stat_activity. One throwaway cluster (Debian's PostgreSQL 15 + PostGIS 3) and
// one booted app for the file.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMcpServerScript, type ScriptServer } from '../../mcp/start-mcp-server-script';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { postgisFixtureSql } from '../../servers/postgis-fixture';
import { startPostgresBridge } from '../../servers/postgres-bridge';
import {
  activeSleeps,
  POSTGRES_BIN,
  readerEnvironment,
  startPostgresCluster,
  type PostgresCluster,
} from '../../servers/postgres-cluster';
import {
  ask,
  expectClean,
  newConversation,
  openChat,
  waitForData,
  waitForIdle,
} from '../chat-page';
import { lightConfig, serveWithConfig, type ServedConfigVariant } from '../contract/config-variant';
import { launchBrowser, waitInPage } from '../harness';
import { layerPixels } from '../map-page';
import type {
  FakeLlmReply,
  FakeLlmRule,
  FakeLlmScript,
} from '../../servers/fake-llm/fake-llm-script';
import type { ContractPage } from '../chat-page';
import type { Browser, Locator, Page } from 'playwright-core';

const initdb = join(POSTGRES_BIN, 'initdb');
const missing = !existsSync(initdb);

const BBOX =
  'SELECT id, name, geom FROM places WHERE geom && ST_MakeEnvelope(-10, 40, -5, 45, 4326)';
const JOIN =
  'SELECT z.id, z.name, z.geom, count(*) AS places FROM zones z JOIN places p ' +
  'ON ST_Contains(z.geom, p.geom) GROUP BY z.id, z.name, z.geom ORDER BY z.id';
const SLEEP = 'SELECT pg_sleep(120)';

let fake: FakeLlm;

/** The last tool result the model was sent. */
function lastToolResult(): string {
  const content = fake.requests.at(-1)?.body.messages?.at(-1)?.content;
  return typeof content === 'string' ? content : JSON.stringify(content);
}

/** A question answered by one SQL call, drawn as shapes when it gives a result, then a sentence. */
function drawnRules(question: string, tool: string, args: Record<string, unknown>): FakeLlmRule[] {
  return [
    { user: question, reply: { toolCalls: [{ name: tool, arguments: args }] } },
    {
      user: question,
      toolResult: 'map and chart tools can use',
      get reply(): FakeLlmReply {
        const resultId = /result_id=(\S+)/.exec(lastToolResult())?.[1] ?? 'missing';
        return {
          toolCalls: [
            {
              name: 'map_query_result',
              arguments: { result_id: resultId, geometry: { kind: 'shapes', column: 'geom' } },
            },
          ],
        };
      },
    },
    { user: question, toolResult: 'as layer', reply: { text: `It is **drawn: ${question}**.` } },
    { user: question, toolResult: '', reply: { text: `It **failed: ${question}**.` } },
  ];
}

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    ...drawnRules('own points', 'pg__query', { sql_query: BBOX }),
    ...drawnRules('own zones', 'pg__query', { sql_query: JOIN }),
    ...drawnRules('stock points', 'stock__query', { sql: BBOX }),
    ...drawnRules('stock zones', 'stock__query', { sql: JOIN }),
    ...drawnRules('a typo', 'pg__query', { sql_query: 'SELEC id FROM places' }),
    ...drawnRules('sleep then stop', 'pg__query', { sql_query: SLEEP }),
    ...drawnRules('sleep past the timeout', 'quick__query', { sql_query: SLEEP }),
    ...drawnRules('sleep then close', 'pg__query', { sql_query: SLEEP }),
  ],
  fallback: { text: 'No script for that.' },
};

describe.skipIf(missing)(
  `a PostGIS database on the map, in the browser${missing ? ` (skipped: ${initdb} is missing; install postgresql-15 and postgresql-15-postgis-3)` : ''}`,
  () => {
    let cluster: PostgresCluster;
    let server: ScriptServer;
    let bridge: ScriptServer;
    let variant: ServedConfigVariant;
    let browser: Browser;
    let opened: ContractPage;

    const sleeping = () => activeSleeps(cluster);

    /** Polls until `check` holds; false when it still does not after a generous minute. */
    async function eventually(check: () => Promise<boolean>): Promise<boolean> {
      for (let attempt = 0; attempt < 600; attempt += 1) {
        if (await check()) return true;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return check();
    }

    beforeAll(async () => {
      [cluster, fake, browser] = await Promise.all([
        startPostgresCluster({ setupSql: postgisFixtureSql }),
        startFakeLlm({ script }),
        launchBrowser(),
      ]);
      // The database's statement timeout is far off: only a cancel ends a sleep within the test.
      [server, bridge] = await Promise.all([
        startMcpServerScript(['--postgres', '--timeout-ms', '600000'], {
          env: readerEnvironment(cluster),
        }),
        startPostgresBridge(cluster),
      ]);
      const config = await lightConfig();
      config.mcpServers = [
        { id: 'pg', name: 'Own PostGIS', url: server.url, toolTimeoutMs: 300_000 },
        // The same server with a short tool timeout.
        { id: 'quick', name: 'Quick PostGIS', url: server.url, toolTimeoutMs: 3000 },
        { id: 'stock', name: 'Stock PostGIS', url: bridge.url },
      ];
      variant = await serveWithConfig(JSON.stringify(config));
      opened = await openPage();
    }, 180_000);

    afterAll(async () => {
      await opened?.context.close();
      await Promise.allSettled([browser?.close(), variant?.stop(), fake?.stop()]);
      await Promise.allSettled([server?.stop(), bridge?.stop()]);
      await cluster?.stop();
    });

    async function openPage(): Promise<ContractPage> {
      const page = await openChat(browser, variant.appUrl, { endpoint: fake.url });
      await waitForData(page.page);
      await waitInPage(page.page, async () => {
        const states = await Promise.all(
          ['pg', 'quick', 'stock'].map(async (id) => (await window.mapwright!.hub!.ready(id))[0]),
        );
        return states.every((state) => state?.status === 'connected');
      });
      return page;
    }

    /** Asks, waits for the card and returns it. */
    async function cardFor(page: Page, question: string) {
      await newConversation(page);
      await ask(page, question);
      const card = page.locator('.mw-approval-card');
      await card.waitFor({ timeout: 60_000 });
      return card;
    }

    /** Presses the card's Approve (its name goes on with the tool's). */
    async function approve(card: Locator): Promise<void> {
      await card
        .getByRole('button', { name: /^Approve/ })
        .first()
        .click();
    }

    /** Approves the card, waits for the answer, and returns the pixels of the layer it drew. */
    async function approveAndDraw(page: Page, question: string): Promise<number> {
      await approve(page.locator('.mw-approval-card'));
      await page
        .locator('.mw-answer strong', { hasText: /^(drawn|failed): / })
        .waitFor({ timeout: 60_000 });
      await waitForIdle(page);
      expect(await page.locator('.mw-answer strong').last().textContent()).toBe(
        `drawn: ${question}`,
      );
      const layerId = /as layer (result-[A-Za-z0-9_-]+)/.exec(lastToolResult())?.[1];
      expect(layerId, lastToolResult()).toBeDefined();
      return layerPixels(page, layerId!);
    }

    it("through the project's server: the card shows PostgreSQL's own pre-flight, and the bbox points and the zones are drawn", async () => {
      const { page } = opened;
      let card = await cardFor(page, 'own points');
      await card.locator('.mw-preflight-dialect').waitFor({ timeout: 60_000 });
      expect(await card.locator('.mw-preflight-dialect').textContent()).toBe(
        'Checked by PostgreSQL (EXPLAIN, not run)',
      );
      expect(await card.locator('.mw-preflight-rows').textContent()).toMatch(
        /^Rows: about [\d,]+ rows?$/,
      );
      expect(await card.locator('.mw-preflight-columns').textContent()).toBe(
        'Columns: id (integer), name (text), geom (geometry)',
      );
      expect(await approveAndDraw(page, 'own points')).toBeGreaterThan(200);

      card = await cardFor(page, 'own zones');
      await card.locator('.mw-preflight-columns').waitFor({ timeout: 60_000 });
      expect(await card.locator('.mw-preflight-columns').textContent()).toContain(
        'places (bigint)',
      );
      expect(await approveAndDraw(page, 'own zones')).toBeGreaterThan(2000);
      await expectClean(opened);
    }, 240_000);

    it('through stock server-postgres behind the bridge: the card says it has no pre-flight, and the same two are drawn', async () => {
      const { page } = opened;
      let card = await cardFor(page, 'stock points');
      await card.locator('.mw-preflight-none').waitFor({ timeout: 60_000 });
      expect(await card.locator('.mw-preflight-none').textContent()).toContain(
        'offers no pre-flight',
      );
      expect(await approveAndDraw(page, 'stock points')).toBeGreaterThan(200);
      card = await cardFor(page, 'stock zones');
      await card.locator('.mw-preflight-none').waitFor({ timeout: 60_000 });
      expect(await approveAndDraw(page, 'stock zones')).toBeGreaterThan(2000);
      await expectClean(opened);
    }, 240_000);

    it("a typo: the card says it does not parse, in PostgreSQL's words", async () => {
      const { page } = opened;
      const card = await cardFor(page, 'a typo');
      const error = card.locator('.mw-preflight-error');
      await error.waitFor({ timeout: 60_000 });
      expect(await error.textContent()).toMatch(
        /^Does not parse \(PostgreSQL\): syntax error at or near "SELEC"/,
      );
      await card.getByRole('button', { name: /^Deny/ }).first().click();
      await waitForIdle(page);
    }, 120_000);

    it('Stop during a long query leaves no backend running', async () => {
      const { page } = opened;
      const card = await cardFor(page, 'sleep then stop');
      await approve(card);
      expect(await eventually(async () => (await sleeping()) === 1)).toBe(true);
      await page.getByRole('button', { name: 'Stop the answer (Esc)' }).click();
      await waitForIdle(page);
      expect(await eventually(async () => (await sleeping()) === 0)).toBe(true);
    }, 180_000);

    it("the tool timeout (the server's toolTimeoutMs, 3 s) leaves no backend running", async () => {
      const { page } = opened;
      const card = await cardFor(page, 'sleep past the timeout');
      await approve(card);
      await page
        .locator('.mw-answer strong', { hasText: 'failed: sleep past the timeout' })
        .waitFor({ timeout: 60_000 });
      expect(lastToolResult()).toContain('timed out after 3000 ms');
      expect(await eventually(async () => (await sleeping()) === 0)).toBe(true);
      await waitForIdle(page);
      await expectClean(opened);
    }, 180_000);

    it('closing the page cancels its running query', async () => {
      const leaving = await openPage();
      const card = await cardFor(leaving.page, 'sleep then close');
      await approve(card);
      expect(await eventually(async () => (await sleeping()) === 1)).toBe(true);
      await leaving.context.close();
      expect(await eventually(async () => (await sleeping()) === 0)).toBe(true);
    }, 180_000);
  },
);
