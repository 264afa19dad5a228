// The analyst's record in the built app: a conversation with an edited, a denied, a session-allowed and
// an auto-approved query shows each decision on its call in the timeline, and exports an audit log (CSV)
// and a JSON export that say who allowed each call and how, with the SQL proposed and the SQL that ran.
import { describe, expect, it } from 'vitest';
import {
  ask,
  expectClean,
  openChat,
  useAppWithModel,
  waitForData,
  waitForIdle,
} from '../chat-page';
import { downloadedText } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const PROPOSED = 'SELECT name FROM airports LIMIT 5';
const EDITED = 'SELECT name FROM airports LIMIT 2';
const DENIED = 'SELECT * FROM airports';
const ALLOWED = 'SELECT count(*) AS airports FROM airports';
const AGAIN = 'SELECT max(latitude) AS north FROM airports';
const AUTO = 'SELECT min(latitude) AS south FROM airports';

/** A question whose one query the model proposes, then an answer once it has the result. */
function queryRule(keyword: string, sql: string, answer: string): FakeLlmScript['rules'] {
  return [
    { user: keyword, reply: { toolCalls: [{ name: 'query', arguments: { sql_query: sql } }] } },
    { user: keyword, toolResult: '', reply: { text: answer } },
  ];
}

const script: FakeLlmScript = {
  rules: [
    ...queryRule('first names', PROPOSED, 'Edited and answered.'),
    ...queryRule('every column', DENIED, 'Understood, not that one.'),
    ...queryRule('how many', ALLOWED, 'Counted.'),
    ...queryRule('northernmost', AGAIN, 'Found the north.'),
    ...queryRule('southernmost', AUTO, 'Found the south.'),
  ],
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

async function download(page: Page, name: string): Promise<{ file: string; text: string }> {
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name, exact: true }).click(),
  ]);
  return { file: file.suggestedFilename(), text: await downloadedText(file) };
}

describe('the audit record of every call', () => {
  const app = useAppWithModel(script, { datasets: 'airports' });

  it('exports an audit log with an edited, a denied, a session-allowed and an auto-approved call', async () => {
    const opened = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
      viewport: { width: 1440, height: 900 },
    });
    const { page } = opened;
    await waitForData(page);
    const card = page.locator('.mw-approval-card');

    // Edited: the person changes the SQL on the card, then approves.
    await ask(page, 'The first names of the airports?');
    await card.waitFor();
    const editor = card.locator('.cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(EDITED);
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page
      .locator('.mw-answer', { hasText: 'Edited and answered.' })
      .waitFor({ timeout: 60_000 });
    await waitForIdle(page);

    // Denied, with a reason.
    await ask(page, 'Show every column of the airports.');
    await card.waitFor();
    await card.locator('.mw-deny-reason').fill('too wide');
    await card.getByRole('button', { name: 'Deny query' }).click();
    await page
      .locator('.mw-answer', { hasText: 'Understood, not that one.' })
      .waitFor({ timeout: 60_000 });
    await waitForIdle(page);

    // Asked once and allowed for the session; the next query runs on that allowance.
    await ask(page, 'And how many airports are there?');
    await card.waitFor();
    await card.getByRole('button', { name: /^Allow for this session/ }).click();
    await page.locator('.mw-answer', { hasText: 'Counted.' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    await ask(page, 'Which is the northernmost?');
    await page.locator('.mw-answer', { hasText: 'Found the north.' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);

    // Auto-approve on: the last query runs without a card.
    await page.getByRole('switch', { name: 'Auto-approve queries' }).check();
    await ask(page, 'Which is the southernmost?');
    await page.locator('.mw-answer', { hasText: 'Found the south.' }).waitFor({ timeout: 60_000 });
    await waitForIdle(page);
    expect(await card.count()).toBe(0);

    // The timeline says how each call was allowed.
    expect(
      await page.locator('.mw-call[data-tool="query"] .mw-call-decision').allTextContents(),
    ).toEqual([
      'Approved after an edit',
      'Denied: too wide',
      'Approved',
      'Allowed for the session',
      'Auto-approved',
    ]);

    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const audit = await download(page, 'Export audit log');
    expect(audit.file).toMatch(/-audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(audit.text);
    expect(
      rows.map((row) => [row.turn, row.tool, row.decision, row.decided_by, row.status]),
    ).toEqual([
      ['1', 'query', 'approved', 'edited', 'success'],
      ['2', 'query', 'denied', 'asked', 'declined'],
      ['3', 'query', 'approved', 'asked', 'success'],
      ['4', 'query', 'approved', 'session-allow-list', 'success'],
      ['5', 'query', 'approved', 'auto-approve', 'success'],
    ]);
    const [edited, denied, , allowed] = rows;
    expect(edited).toMatchObject({ proposed: PROPOSED, ran: EDITED, call_index: '0', round: '0' });
    expect(denied).toMatchObject({ proposed: DENIED, reason: 'too wide', ran: '' });
    expect(allowed).toMatchObject({ proposed: AGAIN });
    for (const row of rows) {
      expect(row.run_id).not.toBe('');
      expect(row.server).toBe('embedded');
      expect(row.model).not.toBe('');
      expect(Date.parse(row.proposed_at ?? '')).toBeLessThanOrEqual(
        Date.parse(row.decided_at ?? ''),
      );
      if (row.status === 'success') {
        expect(Date.parse(row.decided_at ?? '')).toBeLessThanOrEqual(
          Date.parse(row.finished_at ?? ''),
        );
      }
    }

    // The JSON export carries the same record on each call.
    const json = JSON.parse((await download(page, 'Export JSON')).text) as {
      turns: { toolCalls: { audit?: { decidedBy: string; ranArguments?: unknown } }[] }[];
    };
    expect(json.turns.map((turn) => turn.toolCalls[0]?.audit?.decidedBy)).toEqual([
      'edited',
      'asked',
      'asked',
      'session-allow-list',
      'auto-approve',
    ]);
    expect(json.turns[0]?.toolCalls[0]?.audit?.ranArguments).toEqual({ sql_query: EDITED });
    await expectClean(opened);
    await opened.context.close();
  });
});
