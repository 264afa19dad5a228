// The conversation sidebar and the turn actions, used as a person would in the built app against the
// fake LLM: titles, search, rename, delete with undo, regenerate, edit and resend, copy, the phone drawer,
// and a question sent while New chat is still opening.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  expectClean,
  newConversation,
  openChat as openChatPage,
  waitForChat,
  waitForIdle,
  type ContractPage,
} from '../chat-page';
import { defaultViewport, startAppHarness, type AppHarness, waitInPage } from '../harness';
import type { FakeLlmReply, FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

let fake: FakeLlm;
let texasAnswers = 0;

const script: FakeLlmScript = {
  rules: [
    { user: 'alaska', reply: { text: 'Alaska has **300** airports.' } },
    {
      user: 'texas',
      // Each ask gets a new answer, so a regenerated answer can be told from the first.
      get reply(): FakeLlmReply {
        texasAnswers += 1;
        return { text: `Texas answer number ${texasAnswers}.` };
      },
    },
    { user: 'hawaii', reply: { text: 'Hawaii has 30 airports.' } },
    { user: 'ohio', reply: { text: 'Ohio has 160 airports.' } },
  ],
  fallback: { text: 'No scripted answer.' },
};

/** The questions the fake LLM was last asked, in order. */
function lastQuestions(): string[] {
  const messages = fake.requests.at(-1)?.body.messages ?? [];
  return messages
    .filter((message) => message.role === 'user')
    .map((message) => String(message.content));
}

async function askAndWait(page: Page, question: string, answer: string): Promise<void> {
  await ask(page, question);
  await page.locator('.mw-answer', { hasText: answer }).waitFor();
  await waitForIdle(page);
}

/** Clicks an entry's Rename or Delete, which show when the pointer is over the entry. */
async function entryAction(page: Page, name: string): Promise<void> {
  const hidden = page.getByRole('button', { name, exact: true, includeHidden: true });
  await page.locator('.mw-sidebar-item', { has: hidden }).hover();
  await page.getByRole('button', { name, exact: true }).click();
}

const sidebarTitles = (page: Page) =>
  page.locator('.mw-sidebar-item:not([hidden]) .mw-sidebar-title').allTextContents();

describe('conversations in the sidebar', () => {
  let harness: AppHarness;
  beforeAll(async () => {
    [harness, fake] = await Promise.all([
      startAppHarness({ datasets: 'none' }),
      startFakeLlm({ script }),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  const openChat = () => openChatPage(harness.browser, harness.appUrl, { endpoint: fake.url });

  it('lists conversations by their first question; search filters; a rename survives a reload', async () => {
    const opened = await openChat();
    const { page } = opened;
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await sidebar.waitFor();
    await askAndWait(page, 'How many airports are in Alaska?', 'Alaska has');
    await sidebar.getByRole('button', { name: 'New chat' }).click();
    await page.locator('.mw-welcome:not([hidden])').waitFor();
    await askAndWait(page, 'And how many are in Ohio?', 'Ohio has');
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 2);
    expect(await sidebarTitles(page)).toEqual([
      'And how many are in Ohio?',
      'How many airports are in Alaska?',
    ]);
    expect(await sidebar.locator('[aria-current="page"] .mw-sidebar-title').textContent()).toBe(
      'And how many are in Ohio?',
    );

    await sidebar.getByRole('searchbox', { name: 'Search conversations' }).fill('alaska');
    expect(await sidebarTitles(page)).toEqual(['How many airports are in Alaska?']);
    await sidebar.getByRole('searchbox', { name: 'Search conversations' }).fill('nothing like it');
    expect(await sidebarTitles(page)).toEqual([]);
    await sidebar.getByText('No conversations match.').waitFor();
    await sidebar.getByRole('searchbox', { name: 'Search conversations' }).fill('');

    // Rename the conversation that is not open: Esc cancels, Enter saves.
    await entryAction(page, 'Rename How many airports are in Alaska?');
    const name = sidebar.getByRole('textbox', { name: /Conversation name/ });
    await name.fill('Thrown away');
    await name.press('Escape');
    expect(await sidebarTitles(page)).toContain('How many airports are in Alaska?');
    await entryAction(page, 'Rename How many airports are in Alaska?');
    await name.fill('Alaska airports');
    await name.press('Enter');
    // And the open one, keyboard only.
    await sidebar.locator('.mw-sidebar-open[aria-current="page"]').focus();
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Rename And how many are in Ohio?',
    );
    await page.keyboard.press('Enter');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Ohio airports');
    await page.keyboard.press('Enter');
    await waitInPage(page, () =>
      [...document.querySelectorAll('.mw-sidebar-title')].some(
        (title) => title.textContent === 'Alaska airports',
      ),
    );
    // Let the writer store the open conversation's new name.
    await page.waitForTimeout(500);
    await page.reload();
    await waitForChat(page);
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 2);
    expect((await sidebarTitles(page)).sort()).toEqual(['Alaska airports', 'Ohio airports']);
    // A renamed conversation keeps its name when a question is asked again.
    await sidebar.getByRole('button', { name: 'Alaska airports' }).first().click();
    await page.locator('.mw-user-text', { hasText: 'Alaska?' }).waitFor();
    await page.getByRole('button', { name: 'Regenerate answer' }).click();
    await page.locator('.mw-answer', { hasText: 'Alaska has' }).waitFor();
    await waitForIdle(page);
    expect(await sidebarTitles(page)).toContain('Alaska airports');
    await expectClean(opened);
    await opened.context.close();
  });

  it('delete: Undo brings the conversation back; without it, it is gone after the notice and a reload', async () => {
    const opened = await openChat();
    const { page } = opened;
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const sidebar = page.getByRole('navigation', { name: 'Conversations' });
    await askAndWait(page, 'How many airports are in Alaska?', 'Alaska has');
    await sidebar.getByRole('button', { name: 'New chat' }).click();
    await askAndWait(page, 'How many airports in Hawaii?', 'Hawaii has');
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 2);

    await entryAction(page, 'Delete How many airports in Hawaii?');
    const notice = page.getByRole('status').filter({ hasText: 'Conversation deleted' });
    await notice.waitFor();
    expect(await sidebarTitles(page)).toEqual(['How many airports are in Alaska?']);
    // The open conversation was deleted: the next one opened.
    await page.locator('.mw-user-text', { hasText: 'Alaska?' }).waitFor();
    await notice.getByRole('button', { name: 'Undo' }).click();
    await page.locator('.mw-user-text', { hasText: 'Hawaii?' }).waitFor();
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 2);

    // The page's clock stands still from the delete on (its timers still run): a reload takes longer
    // than the notice's 8 s on a loaded machine, and the notice comes back only for the time left.
    await page.clock.setFixedTime(new Date());
    await entryAction(page, 'Delete How many airports are in Alaska?');
    await notice.waitFor();
    // A reload during the notice keeps the delete undoable: the notice comes back.
    await page.reload();
    await waitForChat(page);
    await notice.waitFor();
    expect(await sidebarTitles(page)).toEqual(['How many airports in Hawaii?']);
    await notice.waitFor({ state: 'hidden', timeout: 15_000 });
    await page.reload();
    await waitForChat(page);
    await page.getByRole('navigation', { name: 'Conversations' }).waitFor();
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 1);
    expect(await sidebarTitles(page)).toEqual(['How many airports in Hawaii?']);
    const stored = await page.evaluate(async () => {
      const request = indexedDB.open('mapwright');
      const database = await new Promise<IDBDatabase>((resolve) => {
        request.onsuccess = () => resolve(request.result);
      });
      const all = database.transaction('conversations').objectStore('conversations').getAll();
      return new Promise<number>((resolve) => {
        all.onsuccess = () => resolve(all.result.length);
      });
    });
    expect(stored).toBe(1);
    await expectClean(opened);
    await opened.context.close();
  });

  // The turn actions and the phone drawer check nothing about the list's whole contents, so they share
  // one booted page, each starting on a New chat in the desktop window.
  describe('on one page', () => {
    let shared: ContractPage | undefined;
    /** The shared page on a New chat at the desktop size; booted by the first test that asks. */
    async function sharedPage(): Promise<ContractPage> {
      if (!shared) {
        shared = await openChat();
        await shared.context.grantPermissions(['clipboard-read', 'clipboard-write'], {
          origin: new URL(harness.appUrl).origin,
        });
      }
      await shared.page.setViewportSize(defaultViewport);
      await newConversation(shared.page);
      return shared;
    }
    afterAll(async () => {
      await shared?.context.close();
    });

    it('regenerate asks the same question again and shows one answer; edit and resend replaces the rest; copy', async () => {
      const { page } = await sharedPage();
      await askAndWait(page, 'How many airports are in Alaska?', 'Alaska has');
      await askAndWait(page, 'And Texas?', 'Texas answer number');
      const before = texasAnswers;
      // Only the newest answer offers Regenerate.
      expect(await page.getByRole('button', { name: 'Regenerate answer' }).count()).toBe(1);
      await page.getByRole('button', { name: 'Regenerate answer' }).click();
      await page.locator('.mw-answer', { hasText: `Texas answer number ${before + 1}.` }).waitFor();
      await waitForIdle(page);
      expect(lastQuestions()).toEqual(['How many airports are in Alaska?', 'And Texas?']);
      expect(JSON.stringify(fake.requests.at(-1)?.body.messages)).not.toContain(
        `Texas answer number ${before}.`,
      );
      expect(await page.locator('.mw-turn').count()).toBe(2);
      expect(await page.locator('.mw-answer', { hasText: 'Texas answer' }).count()).toBe(1);

      // Copy puts the answer's markdown on the clipboard.
      const firstTurn = page.locator('.mw-turn').first();
      await firstTurn.getByRole('button', { name: 'Copy answer' }).click();
      await firstTurn.getByRole('button', { name: 'Copied answer' }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        'Alaska has **300** airports.',
      );

      // Edit the first question: Esc leaves the editor, Enter sends and drops the later turn.
      await firstTurn.getByRole('button', { name: 'Edit question' }).click();
      const editor = page.getByRole('textbox', { name: /Edit the question/ });
      await editor.press('Escape');
      expect(await editor.count()).toBe(0);
      expect(await page.locator('.mw-chat').getAttribute('data-status')).toBe('idle');
      await firstTurn.getByRole('button', { name: 'Edit question' }).click();
      await editor.fill('How many airports are in Hawaii?');
      await editor.press('Enter');
      await page.locator('.mw-answer', { hasText: 'Hawaii has 30' }).waitFor();
      await waitForIdle(page);
      expect(await page.locator('.mw-user-text').allTextContents()).toEqual([
        'How many airports are in Hawaii?',
      ]);
      expect(lastQuestions()).toEqual(['How many airports are in Hawaii?']);
      // It stays that way after a reload.
      await page.waitForTimeout(400);
      await page.reload();
      await waitForChat(page);
      await page.locator('.mw-answer', { hasText: 'Hawaii has 30' }).waitFor();
      expect(await page.locator('.mw-turn').count()).toBe(1);
      await expectClean(await sharedPage());
    });
    it('a question sent while New chat is still opening is asked in the new conversation, not lost', async () => {
      const opened = await sharedPage();
      const { page } = opened;
      await askAndWait(page, 'How many airports are in Alaska?', 'Alaska has');
      await page.fill('.mw-input', 'How many airports in Hawaii?');
      // New chat, then Enter before the new conversation has opened: a person typing ahead of a slow
      // machine. One task, so the open is certainly still under way when the question goes.
      await page.evaluate(() => {
        document.querySelector<HTMLButtonElement>('.mw-new-chat')!.click();
        document
          .querySelector('.mw-input')!
          .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
      });
      await page.locator('.mw-answer', { hasText: 'Hawaii has' }).waitFor();
      await waitForIdle(page);
      expect(await page.locator('.mw-user-text').allTextContents()).toEqual([
        'How many airports in Hawaii?',
      ]);
      expect(lastQuestions()).toEqual(['How many airports in Hawaii?']);
      await expectClean(opened);
    });

    it('phone: the list is a drawer over the page that closes after a choice and on Esc', async () => {
      const opened = await sharedPage();
      const { page } = opened;
      // The layout follows the window live (CSS media queries and the sidebar's matchMedia listener).
      await page.setViewportSize({ width: 390, height: 844 });
      await askAndWait(page, 'How many airports are in Alaska?', 'Alaska has');
      const sidebar = page.getByRole('navigation', { name: 'Conversations' });
      expect(await sidebar.isVisible()).toBe(false);
      const toggle = page.getByRole('button', { name: 'Conversations', exact: true });
      await toggle.click();
      await sidebar.waitFor();
      const box = await sidebar.boundingBox();
      expect(box?.x).toBe(0);
      expect(box?.height).toBe(844);
      // The open conversation's entry has the focus; Esc closes the drawer and returns to the toggle.
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-current'))).toBe(
        'page',
      );
      await page.keyboard.press('Escape');
      await sidebar.waitFor({ state: 'hidden' });
      expect(await toggle.evaluate((node) => node === document.activeElement)).toBe(true);
      expect(await toggle.getAttribute('aria-expanded')).toBe('false');
      await toggle.click();
      await sidebar.getByRole('button', { name: 'New chat' }).click();
      await sidebar.waitFor({ state: 'hidden' });
      await page.locator('.mw-welcome:not([hidden])').waitFor();
      await expectClean(opened);
    });
  });
});
