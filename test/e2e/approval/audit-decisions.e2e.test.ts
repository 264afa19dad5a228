// The audit log says how each call was decided, in the built app: a card approval (`asked`), a
// publisher's per-tool policy in app-config.json (`publisher-policy`), the person's "allow this session"
// in Settings (`session-setting`) and "allow on device" (`remembered-setting`), the session's
// auto-approve switch (`auto-approve`), an identical read-only lookup answered from the kept answer
// (`reused`, no server call; run again once "Reuse answers of repeated lookups" is off), and a turn
// stopped at its round limit (a `limit` row after its calls); with the provider and model of each call
// and one run id per turn.
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnLoopbackServer, type SpawnedServer } from '../../mcp/spawn-loopback-server';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, expectClean, openChat, waitForData, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ServedConfigVariant } from '../contract/config-variant';
import { downloadedText, launchBrowser, waitInPage } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser, Page } from 'playwright-core';

const everythingScript = resolve(
  'node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

const COUNTED = 'SELECT count(*) AS airports FROM airports';
const SOUTH = 'SELECT min(latitude) AS south FROM airports';

/** A question whose one call the model proposes, then an answer once it has the result. */
function callRule(
  keyword: string,
  name: string,
  args: Record<string, unknown>,
  answer: string,
): FakeLlmScript['rules'] {
  return [
    { user: keyword, reply: { toolCalls: [{ name, arguments: args }] } },
    { user: keyword, toolResult: '', reply: { text: answer } },
  ];
}

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    ...callRule('how many', 'query', { sql_query: COUNTED }, 'Counted.'),
    ...callRule('add two and forty', 'get-sum', { a: 2, b: 40 }, 'It is 42.'),
    ...callRule('tables once more', 'list_tables', {}, 'Listed them again.'),
    ...callRule('tables a third time', 'list_tables', {}, 'Listed them a third time.'),
    ...callRule('which tables', 'list_tables', {}, 'Listed the tables.'),
    ...callRule('southernmost', 'query', { sql_query: SOUTH }, 'Found the south.'),
    ...callRule('describe the airports', 'describe_table', { table: 'airports' }, 'Described.'),
    // The model never stops calling: the turn ends at its round limit.
    { user: 'keep adding', reply: { toolCalls: [{ name: 'get-sum', arguments: { a: 1, b: 1 } }] } },
    {
      user: 'keep adding',
      toolResult: '',
      reply: { toolCalls: [{ name: 'get-sum', arguments: { a: 1, b: 1 } }] },
    },
  ],
  fallback: { text: 'No script for that.' },
};

/** Parses the audit log: RFC 4180, every cell quoted. */
function parseCsv(text: string): Record<string, string>[] {
  const rows = text
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) =>
        (match[1] ?? '').replaceAll('""', '"'),
      ),
    );
  const [header = [], ...body] = rows;
  return body.map((cells) =>
    Object.fromEntries(header.map((name, index) => [name, cells[index] ?? ''])),
  );
}

async function answered(page: Page, text: string): Promise<void> {
  await page.locator('.mw-answer', { hasText: text }).waitFor({ timeout: 60_000 });
  await waitForIdle(page);
}

describe('the audit log names who decided each call', () => {
  let browser: Browser;
  let fake: FakeLlm;
  let everything: SpawnedServer;
  let variant: ServedConfigVariant;

  beforeAll(async () => {
    [browser, fake, everything] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script }),
      spawnLoopbackServer(everythingScript, ['streamableHttp'], /listening on port/i),
    ]);
    const config = await lightConfig();
    // The publisher lets one tool of its server run without asking; three rounds end a turn.
    config.mcpServers = [
      {
        id: 'everything',
        name: 'Reference server',
        url: `${everything.url}/mcp`,
        toolApproval: { 'get-sum': 'auto' },
      },
    ];
    config.limits = { ...(config.limits as object), maxRounds: 3 };
    variant = await serveWithConfig(JSON.stringify(config));
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), everything?.stop(), variant?.stop()]);
  });

  it('exports asked, publisher-policy, session-setting, reused, remembered-setting, auto-approve and round-limit rows', async () => {
    const opened = await openChat(browser, variant.appUrl, {
      endpoint: fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await waitForData(page);
    await waitInPage(page, async () => {
      const [state] = await window.mapwright!.hub!.ready('everything');
      return state?.status === 'connected';
    });
    const card = page.locator('.mw-approval-card');

    // 1. Asked on a card and approved.
    await ask(page, 'And how many airports are there?');
    await card.waitFor();
    await card.getByRole('button', { name: 'Approve query' }).click();
    await answered(page, 'Counted.');

    // 2. The publisher's policy lets get-sum run: no card.
    await ask(page, 'add two and forty');
    await answered(page, 'It is 42.');

    // 3. The person sets list_tables to run without asking for this session, in Settings.
    await page.getByRole('button', { name: 'Open the settings' }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog
      .getByRole('combobox', { name: 'Approval policy of list_tables' })
      .first()
      .waitFor();
    await dialog
      .getByRole('combobox', { name: 'Approval policy of list_tables' })
      .first()
      .selectOption('auto');
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await ask(page, 'which tables are there?');
    await answered(page, 'Listed the tables.');

    // 4. The same lookup again: the kept answer, the server not called.
    await ask(page, 'The tables once more?');
    await answered(page, 'Listed them again.');

    // 5. describe_table set to run without asking, remembered on this device; and answers of repeated
    //    lookups no longer reused, so the third list_tables calls the server again.
    await page.getByRole('button', { name: 'Open the settings' }).click();
    await dialog
      .getByRole('combobox', { name: 'Approval policy of describe_table' })
      .first()
      .selectOption('auto-remembered');
    await dialog.getByRole('checkbox', { name: 'Reuse answers of repeated lookups' }).uncheck();
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await ask(page, 'describe the airports table');
    await answered(page, 'Described.');
    await ask(page, 'The tables a third time?');
    await answered(page, 'Listed them a third time.');
    await page.getByRole('button', { name: 'Open the settings' }).click();
    await dialog.getByRole('checkbox', { name: 'Reuse answers of repeated lookups' }).check();
    await page.getByRole('button', { name: 'Close the settings' }).click();

    // 7. Auto-approve on: a query runs without a card.
    await page.getByRole('switch', { name: 'Auto-approve queries' }).check();
    await ask(page, 'Which is the southernmost?');
    await answered(page, 'Found the south.');
    await page.getByRole('switch', { name: 'Auto-approve queries' }).uncheck();

    // 8. The model keeps calling: the turn stops after three rounds, and says it can go on.
    await ask(page, 'keep adding one and one');
    await waitForIdle(page);
    await page.getByRole('button', { name: 'Continue the work where it stopped' }).waitFor();
    expect(await card.count()).toBe(0);

    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export audit log', exact: true }).click(),
    ]);
    const rows = parseCsv(await downloadedText(file));
    expect(
      rows.map((row) => [row.turn, row.round, row.tool, row.server, row.decided_by, row.status]),
    ).toEqual([
      ['1', '0', 'query', 'embedded', 'asked', 'success'],
      ['2', '0', 'get-sum', 'everything', 'publisher-policy', 'success'],
      ['3', '0', 'list_tables', 'embedded', 'session-setting', 'success'],
      ['4', '0', 'list_tables', 'embedded', 'reused', 'reused'],
      ['5', '0', 'describe_table', 'embedded', 'remembered-setting', 'success'],
      // Reuse switched off: the same lookup runs again, as the person's session setting allows.
      ['6', '0', 'list_tables', 'embedded', 'session-setting', 'success'],
      ['7', '0', 'query', 'embedded', 'auto-approve', 'success'],
      ['8', '0', 'get-sum', 'everything', 'publisher-policy', 'success'],
      // get-sum is read-only and idempotent: the same sum again is the kept answer.
      ['8', '1', 'get-sum', 'everything', 'reused', 'reused'],
      ['8', '2', 'get-sum', 'everything', 'reused', 'reused'],
      // The round the limit refused to start.
      ['8', '3', '', '', 'round-limit', 'limit'],
    ]);
    // Every call names the provider and model that proposed it (the limit row names none).
    for (const row of rows.filter((candidate) => candidate.status !== 'limit')) {
      expect([row.provider, row.model]).toEqual(['local', 'fake-model']);
    }
    // One run id per turn, across approvals and rounds; each turn its own.
    const runIds = new Map<string, Set<string>>();
    for (const row of rows) {
      expect(row.run_id).not.toBe('');
      runIds.set(row.turn ?? '', (runIds.get(row.turn ?? '') ?? new Set()).add(row.run_id ?? ''));
    }
    expect([...runIds.values()].map((ids) => ids.size)).toEqual([1, 1, 1, 1, 1, 1, 1, 1]);
    expect(new Set([...runIds.values()].flatMap((ids) => [...ids])).size).toBe(8);
    await expectClean(opened);
    await opened.context.close();
  });
});
