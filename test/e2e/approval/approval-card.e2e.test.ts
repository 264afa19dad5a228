// The approval card as a person meets it in the built app, with the real DuckDB-WASM: on a phone, two
// queries leave Approve and Approve all on screen; the status line says the chat waits for them; the
// pre-flight says honestly how many rows to expect; Esc in the SQL leaves the editor, and Esc again
// denies; an Approve clicked while the turn that asked is still being stored runs.
import { afterAll, describe, expect, it } from 'vitest';
import {
  ask,
  expectClean,
  newConversation,
  openChat,
  waitForData,
  waitForIdle,
  waitSayingWhere,
  useAppWithModel,
  type ContractPage,
} from '../chat-page';
import { defaultViewport } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Locator, Page } from 'playwright-core';

const LIMITED = 'SELECT name, state FROM airports ORDER BY latitude DESC LIMIT 10';
const COUNTED = 'SELECT count(*) AS airports, max(latitude) AS north FROM airports';
const JOINED =
  'SELECT a.name, b.name AS neighbour FROM airports a JOIN airports b ON a.state = b.state';
const EDITED = 'SELECT name FROM airports LIMIT 3';

const script: FakeLlmScript = {
  rules: [
    {
      user: 'two questions',
      reply: {
        text: 'I will list the northernmost airports and count them all.',
        toolCalls: [
          { name: 'query', arguments: { sql_query: LIMITED } },
          { name: 'query', arguments: { sql_query: COUNTED } },
        ],
      },
    },
    { user: 'two questions', toolResult: '', reply: { text: 'Both answered.' } },
    {
      user: 'neighbours',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: JOINED } }] },
    },
    { user: 'neighbours', toolResult: '', reply: { text: 'Understood, no join.' } },
    {
      user: 'without asking',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: COUNTED } }] },
    },
    { user: 'without asking', toolResult: '', reply: { text: 'Counted without a card.' } },
    {
      user: 'slow disk',
      reply: { toolCalls: [{ name: 'query', arguments: { sql_query: COUNTED } }] },
    },
    { user: 'slow disk', toolResult: '', reply: { text: 'Counted once it was stored.' } },
  ],
};

/**
 * True when the element's box lies inside the window as laid out now (nothing scrolled), and a tap on
 * its centre would reach it: not clipped by a scrolling box, nor covered by anything.
 */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const size = page.viewportSize();
  if (!box || !size) return false;
  const inside =
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= size.width &&
    box.y + box.height <= size.height;
  const reached = await locator.evaluate((node) => {
    const rect = node.getBoundingClientRect();
    const hit = document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2);
    return hit !== null && node.contains(hit);
  });
  return inside && reached;
}

describe('the approval card', () => {
  const app = useAppWithModel(script);
  // One booted page for the file: each test starts on a New chat, auto-approve off, at its own window
  // size (the chat's layout follows the window live: CSS media queries).
  let shared: ContractPage | undefined;

  /** The shared page on a New chat with auto-approve off, at `viewport`. */
  async function openCard(viewport = defaultViewport): Promise<ContractPage> {
    shared ??= await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
    });
    const { page } = shared;
    await page.setViewportSize(defaultViewport);
    await newConversation(page);
    const autoApprove = page.getByRole('switch', { name: 'Auto-approve queries' });
    if (await autoApprove.isChecked()) await autoApprove.uncheck();
    await page.setViewportSize(viewport);
    return shared;
  }
  afterAll(async () => {
    await shared?.context.close();
  });

  it('on a phone, two queries keep Approve and Approve all on screen, with honest row counts', async () => {
    const opened = await openCard({ width: 390, height: 844 });
    const { page } = opened;
    await ask(page, 'Two questions about the airports, please.');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    const shownAt = Date.now();
    expect(await page.locator('.mw-status-text').textContent()).toBe('Waiting for your approval');
    const approve = card.getByRole('button', { name: 'Approve query' }).first();
    const approveAll = card.getByRole('button', { name: 'Approve all' });
    expect(await inViewport(page, approve)).toBe(true);
    expect(await inViewport(page, approveAll)).toBe(true);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    // Named for people, and the model's words said once on the card.
    expect(await card.locator('.mw-call-name').allTextContents()).toEqual([
      'Query · Bundled data',
      'Query · Bundled data',
    ]);
    expect(await card.textContent()).not.toContain('embedded');
    // The model's words show once on the page: on the card, not also in the turn above it.
    const said = page.getByText('I will list the northernmost airports and count them all.');
    expect(await said.count()).toBe(2);
    expect(await said.nth(0).isVisible()).toBe(false);
    expect(await card.locator('.mw-model-words').isVisible()).toBe(true);
    const first = card.locator('.mw-proposed-call').nth(0);
    const second = card.locator('.mw-proposed-call').nth(1);
    await first.locator('.mw-preflight-rows').waitFor({ timeout: 60_000 });
    // The first check waits for the data to load; how long is printed, not asserted.
    console.info(`pre-flight after the card opened: ${Date.now() - shownAt} ms (first check)`);
    expect(await first.locator('.mw-preflight-rows').textContent()).toBe('Rows: up to 10 rows');
    expect(await second.locator('.mw-proposed-details').isHidden()).toBe(true);
    await second.locator('.mw-proposed-toggle').click();
    await second.locator('.mw-preflight-rows').waitFor();
    expect(await second.locator('.mw-preflight-rows').textContent()).toBe('Rows: 1 row');
    // Opening the second call does not push the actions off screen.
    expect(await inViewport(page, approveAll)).toBe(true);
    await approveAll.click();
    await waitForIdle(page);
    // Decided: the words are back in the conversation.
    expect(await page.locator('.mw-answer', { hasText: 'northernmost airports' }).isVisible()).toBe(
      true,
    );
    expect(await page.locator('.mw-status-text').textContent()).toBe('Ready');
    await expectClean(opened);
  });

  it('on a desktop, a two-call card keeps the conversation above it in view', async () => {
    const opened = await openCard({ width: 1440, height: 900 });
    const { page } = opened;
    await ask(page, 'Two questions about the airports, please.');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    // Both calls open, as a person reading them would leave them.
    await card.locator('.mw-proposed-toggle').nth(1).click();
    await card.locator('.mw-preflight-rows').nth(1).waitFor({ timeout: 60_000 });
    const log = await page.locator('.mw-log').evaluate((node) => node.clientHeight);
    // It was about 170 px before the card had a bounded height.
    expect(log).toBeGreaterThan(280);
    console.info(`conversation above a two-call card at 1440×900: ${log} px`);
    expect(await inViewport(page, card.getByRole('button', { name: 'Approve all' }))).toBe(true);
    await card.getByRole('button', { name: 'Deny all' }).click();
    await waitForIdle(page);
    await expectClean(opened);
  });

  it('Esc in the SQL leaves the editor and keeps the edit; Esc again denies; a join’s rows are DuckDB’s estimate', async () => {
    const opened = await openCard();
    const { page } = opened;
    await waitForData(page);
    // The page loads the datasets once idle; the check below runs on loaded data.
    const loadedIn = await page.evaluate(async () => {
      const started = performance.now();
      const app = (
        window as unknown as {
          mapwright: { data: Promise<{ engine: { listTables(): Promise<string[]> } }> };
        }
      ).mapwright;
      await (await app.data).engine.listTables();
      return Math.round(performance.now() - started);
    });
    console.info(`datasets loaded ${loadedIn} ms after the data side started`);
    await ask(page, 'Which airports are neighbours?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    const shownAt = Date.now();
    await card.locator('.mw-preflight-rows').waitFor({ timeout: 60_000 });
    console.info(`pre-flight after the card opened: ${Date.now() - shownAt} ms (data loaded)`);
    // A join is estimated by DuckDB's planner, and said as its estimate.
    expect(await card.locator('.mw-preflight-rows').textContent()).toMatch(
      /^Rows: about [\d,]+ rows \(DuckDB’s estimate\)$/,
    );
    const editor = card.locator('.cm-content');
    await editor.waitFor();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(EDITED);
    // A syntax error reads as a sentence, without the check's own SQL or raw JSON.
    await page.keyboard.type(' FROM');
    // The check runs on the text as typed, so a half-typed table name may be answered first: wait for
    // the answer to the whole text.
    await expect
      .poll(() => card.locator('.mw-preflight-error').textContent(), { timeout: 30_000 })
      .toBe("Syntax error near 'FROM' (line 1).");
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Backspace');
    await expect
      .poll(() => card.locator('.mw-preflight-rows').textContent(), { timeout: 30_000 })
      .toBe('Rows: up to 3 rows');
    await page.keyboard.press('Escape');
    expect(await card.isVisible()).toBe(true);
    expect(
      await page.evaluate(() => document.activeElement?.classList.contains('mw-approval-card')),
    ).toBe(true);
    expect(await editor.textContent()).toBe(EDITED);
    // The card shows its focus ring while it holds the keyboard.
    const ring = await card.evaluate((node) => getComputedStyle(node).boxShadow);
    expect(ring).not.toBe('none');
    await page.keyboard.press('Escape');
    await page.locator('.mw-call[data-tool="query"][data-state="declined"]').waitFor();
    await waitForIdle(page);
    expect(await page.locator('.mw-approval-card').count()).toBe(0);
    await expectClean(opened);
  });

  // The turn that stopped at the card holds the conversation's lock until its write lands; a slow disk
  // makes that last (IndexedDB late in a loaded run did). The Approve clicked meanwhile was refused as
  // if another tab were answering, and lost: the card said "Approved." and nothing ran.
  it('runs an Approve clicked while the turn that asked for it is still being stored', async () => {
    const opened = await openCard();
    const { page } = opened;
    // Each write's "complete" reaches the app 1.5 s late.
    await page.evaluate(() => {
      const original = IDBTransaction.prototype.addEventListener;
      const slowed = function (
        this: IDBTransaction,
        type: string,
        listener: EventListenerOrEventListenerObject,
        options?: boolean | AddEventListenerOptions,
      ): void {
        if (type !== 'complete' || this.mode !== 'readwrite' || typeof listener !== 'function')
          return original.call(this, type, listener, options);
        return original.call(
          this,
          type,
          (event: Event) => setTimeout(() => listener.call(this, event), 1_500),
          options,
        );
      };
      IDBTransaction.prototype.addEventListener = slowed;
      (window as unknown as { restoreWrites: () => void }).restoreWrites = () => {
        IDBTransaction.prototype.addEventListener = original;
      };
    });
    try {
      await ask(page, 'Count them on a slow disk.');
      const card = page.locator('.mw-approval-card');
      await card.waitFor();
      await card.getByRole('button', { name: 'Approve query' }).click();
      await waitSayingWhere(
        page,
        page.locator('.mw-answer', { hasText: 'Counted once it was stored.' }),
        'No answer after the approval',
      );
      await waitForIdle(page);
      expect(await page.locator('.mw-call[data-tool="query"]').getAttribute('data-state')).toBe(
        'success',
      );
      expect(await page.locator('.notice-banner li').allTextContents()).toEqual([]);
    } finally {
      await page.evaluate(() =>
        (window as unknown as { restoreWrites: () => void }).restoreWrites(),
      );
    }
    await expectClean(opened);
  });

  it('auto-approve: a switch, a banner while it is on, and a mark on the calls it ran', async () => {
    const opened = await openCard();
    const { page } = opened;
    const banner = page.locator('.mw-auto-approve-banner');
    expect(await banner.isVisible()).toBe(false);
    await page.getByRole('switch', { name: 'Auto-approve queries' }).check();
    await banner.waitFor();
    expect(await banner.textContent()).toContain('Auto-approve is on — queries run without asking');
    await ask(page, 'Count them without asking.');
    await page.locator('.mw-answer', { hasText: 'Counted without a card.' }).waitFor({
      timeout: 60_000,
    });
    expect(await page.locator('.mw-approval-card').count()).toBe(0);
    const call = page.locator('.mw-call[data-tool="query"]');
    expect(await call.locator('.mw-call-unasked').isVisible()).toBe(true);
    expect(await call.locator('.mw-call-unasked').textContent()).toBe('Ran without asking');
    expect(await call.locator('.mw-call-name').textContent()).toBe('Query · Bundled data');
    await banner.getByRole('button', { name: 'Turn off auto-approve' }).click();
    await banner.waitFor({ state: 'hidden' });
    expect(await page.getByRole('switch', { name: 'Auto-approve queries' }).isChecked()).toBe(
      false,
    );
    await expectClean(opened);
  });
});
