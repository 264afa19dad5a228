// Every open lands, in the built app as a person uses it: a reload reopens the conversation that was on
// screen (not an empty "New chat"), no empty entries pile up, and stored documents that do not fit
// their type (the security review's payloads) open with their readable parts, or are listed as
// unreadable with Export raw and Delete, with no uncaught error and no new entry.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expectClean,
  openChat,
  useAppWithModel,
  waitForChat,
  type ContractPage,
} from '../chat-page';
import {
  askDrawingQuestion,
  drawingScript,
  DRAWING_ANSWER,
  DRAWING_QUESTION,
  resultLayers,
  sidebarTitles,
  storedConversationCount,
  storedConversationIds,
} from '../conversation-script';
import { downloadedText, waitInPage } from '../harness';
import type { FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import type { Page } from 'playwright-core';

type Loose = Record<string, unknown>;

let fakeModel: FakeLlm | undefined;
const app = useAppWithModel(
  drawingScript(() => fakeModel),
  { datasets: 'airports' },
);

const UNREADABLE_PART = 'This part of the conversation could not be read.';
const UNREADABLE_CONVERSATION = 'This conversation could not be read.';

/** The stored v2 fixture with a new id and title, broken by `change`. */
function brokenDocument(id: string, title: string, change: (document: Loose) => void): Loose {
  const document = JSON.parse(
    readFileSync('test/fixtures/conversations/v2-completed.json', 'utf8'),
  ) as Loose;
  Object.assign(document, { id, title, titleEdited: true, updatedAt: Date.now() });
  change(document);
  return document;
}

const roundsOf = (document: Loose): Loose[] => (document.turns as Loose[])[0]?.rounds as Loose[];
const firstCalls = (document: Loose, round = 0): Loose[] =>
  roundsOf(document)[round]?.calls as Loose[];

/** Writes documents straight into the page's IndexedDB, as a bad release or a hand edit would. */
async function storeDocuments(page: Page, documents: Loose[]): Promise<void> {
  await page.evaluate(async (records) => {
    const request = indexedDB.open('mapwright');
    const database = await new Promise<IDBDatabase>((resolve) => {
      request.onsuccess = () => resolve(request.result);
    });
    const transaction = database.transaction(['conversations', 'documents'], 'readwrite');
    for (const document of records) {
      const id = String(document.id);
      transaction.objectStore('documents').put({ id, document });
      transaction.objectStore('conversations').put({
        id,
        title: String(document.title),
        createdAt: 1,
        updatedAt: Number(document.updatedAt),
        questions: 'Which states have the most airports?',
      });
    }
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    database.close();
  }, documents);
}

/** Empties the page's stored conversations (every store of the database), as on a first visit. */
async function clearStoredConversations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const request = indexedDB.open('mapwright');
    const database = await new Promise<IDBDatabase>((resolve) => {
      request.onsuccess = () => resolve(request.result);
    });
    const names = [...database.objectStoreNames];
    const transaction = database.transaction(names, 'readwrite');
    for (const name of names) transaction.objectStore(name).clear();
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    database.close();
  });
}

/** Opens the conversation list, unless it already is (a desktop remembers it open over a reload). */
async function openSidebar(page: Page): Promise<void> {
  const toggle = page.getByRole('button', { name: 'Conversations', exact: true });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
}

describe('every open lands', () => {
  // Both tests use one booted page: the second empties the store and writes its documents before
  // the reload it makes anyway, so it needs no boot of its own (the app made the database's schema).
  let shared: ContractPage | undefined;
  /** The shared page, booted by the first test that asks; `fresh` when it was just booted. */
  async function sharedPage(): Promise<{ opened: ContractPage; fresh: boolean }> {
    if (shared) return { opened: shared, fresh: false };
    shared = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
    });
    return { opened: shared, fresh: true };
  }
  afterAll(async () => {
    await shared?.context.close();
  });

  it('reload reopens the conversation on screen after New chat and switching back; no empty entry is stored', async () => {
    fakeModel = app.fake;
    const { opened, fresh } = await sharedPage();
    const { page } = opened;
    if (!fresh) {
      // Run after the other test: an empty store again, as a first visit has.
      await clearStoredConversations(page);
      await page.reload();
      await waitForChat(page);
    }
    await askDrawingQuestion(page);
    const drawn = await resultLayers(page);
    expect(drawn).toHaveLength(1);
    await openSidebar(page);
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.getByRole('button', { name: 'New chat' }).click();
    await page.locator('.mw-welcome:not([hidden])').waitFor();
    await sidebar
      .getByRole('button', { name: /northernmost/ })
      .first()
      .click();
    await page.locator('.mw-user-text', { hasText: 'northernmost' }).waitFor();
    await expect.poll(() => resultLayers(page)).toEqual(drawn);

    await page.reload();
    await waitForChat(page);
    await page.locator('.mw-user-text', { hasText: 'northernmost' }).waitFor();
    await page.locator('.mw-answer', { hasText: DRAWING_ANSWER }).waitFor();
    await page.locator('.mw-result-table', { hasText: 'BRW' }).first().waitFor();
    expect(await page.locator('.mw-chart svg').count()).toBeGreaterThan(0);
    await expect.poll(() => resultLayers(page)).toEqual(drawn);
    // One conversation, listed once: New chat stored nothing.
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    expect(await sidebarTitles(page)).toEqual([DRAWING_QUESTION]);
    expect(await storedConversationCount(page)).toBe(1);

    // New chat, then a reload: the blank conversation on screen opens again, and is still not stored.
    await sidebar.getByRole('button', { name: 'New chat' }).click();
    await page.locator('.mw-welcome:not([hidden])').waitFor();
    await page.reload();
    await waitForChat(page);
    await page.locator('.mw-welcome:not([hidden])').waitFor();
    expect(await page.locator('.mw-turn').count()).toBe(0);
    expect(await storedConversationCount(page)).toBe(1);
    await expectClean(opened);
  });

  it('malformed documents open with their readable parts, or are listed with Export raw and Delete; nothing is added', async () => {
    const { opened } = await sharedPage();
    const { page } = opened;
    await clearStoredConversations(page);
    const chart = { kind: 'bar', resultId: 'r-fixture-1', x: 'state', rows: 'not rows' };
    await storeDocuments(page, [
      brokenDocument('c-columns', 'Columns null', (document) => {
        const calls = firstCalls(document);
        calls[0] = { ...calls[0], data: { kind: 'table', columns: null } };
      }),
      brokenDocument('c-chart', 'Chart rows', (document) => {
        const calls = firstCalls(document, 1);
        calls[0] = { ...calls[0], name: 'render_chart', data: { kind: 'chart', chart } };
      }),
      brokenDocument('c-null', 'Null call', (document) => {
        roundsOf(document)[1] = { ...roundsOf(document)[1], calls: [null] };
      }),
      brokenDocument('c-99', 'Version 99', (document) => {
        document.version = 99;
      }),
    ]);
    await page.reload();
    await waitForChat(page);
    await openSidebar(page);
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 4);

    for (const title of ['Columns null', 'Chart rows', 'Null call']) {
      await sidebar.getByRole('button', { name: title }).click();
      await page.locator('.mw-unreadable', { hasText: UNREADABLE_PART }).first().waitFor();
      // The readable parts are there: both questions and the answer.
      await page.locator('.mw-answer', { hasText: 'Texas has the most airports' }).waitFor();
      await page.locator('.mw-user-text', { hasText: 'And the third?' }).waitFor();
      expect(await page.locator('.mw-unreadable').count()).toBe(1);
    }
    // The table of the chart's conversation still draws; only the chart is replaced.
    await sidebar.getByRole('button', { name: 'Chart rows' }).click();
    await page.locator('.mw-result-table', { hasText: 'TX' }).first().waitFor();

    // Version 99 cannot be read at all: it stays listed, says so, and opens nothing in its place.
    await sidebar.getByRole('button', { name: 'Version 99' }).click();
    const entry = page.locator('.mw-sidebar-item', { hasText: 'Version 99' });
    await entry.getByText(UNREADABLE_CONVERSATION).waitFor();
    await page
      .getByText(/version 99 is not supported/)
      .first()
      .waitFor();
    expect(await page.locator('.mw-sidebar-item').count()).toBe(4);
    expect(await storedConversationCount(page)).toBe(4);
    // Export raw gives the stored record as it is.
    const download = page.waitForEvent('download');
    await entry.getByRole('button', { name: 'Export raw Version 99' }).click();
    const raw = JSON.parse(await downloadedText(await download)) as Loose;
    expect(raw.version).toBe(99);
    expect(raw.id).toBe('c-99');
    // Delete removes it (with Undo offered, as for any delete).
    await entry.getByRole('button', { name: 'Delete unreadable Version 99' }).click();
    await page.getByRole('status').filter({ hasText: 'Conversation deleted' }).waitFor();
    expect(await sidebarTitles(page)).not.toContain('Version 99');
    expect(await sidebarTitles(page)).toHaveLength(3);

    // A reload opens the conversation on screen; still nothing was added.
    await page.reload();
    await waitForChat(page);
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 3);
    // The delete completes after its notice; nothing else was stored.
    const ids = await storedConversationIds(page);
    expect(ids).toEqual(expect.arrayContaining(['c-columns', 'c-chart', 'c-null']));
    expect(ids.filter((id) => !['c-columns', 'c-chart', 'c-null', 'c-99'].includes(id))).toEqual(
      [],
    );
    await expectClean(opened);
  });
});
