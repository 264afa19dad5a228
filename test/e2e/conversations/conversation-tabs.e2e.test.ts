// One conversation in two tabs of the same browser, used as a person would in the built app against the
// scripted model: questions asked in turn from both tabs all stay (both tabs follow each other live,
// and after a reload), and a question sent while the other tab answers is refused plainly and kept.
import { afterAll, describe, expect, it } from 'vitest';
import {
  ask,
  expectClean,
  newConversation,
  openChat,
  openChatTab,
  useAppWithModel,
  waitForIdle,
  type ContractPage,
} from '../chat-page';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const STORY = Array.from({ length: 120 }, (_unused, index) => `tale${index}`).join(' ');

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    { user: 'alaska', reply: { text: 'Alaska has **300** airports.' } },
    { user: 'texas', reply: { text: 'Texas has 400 airports.' } },
    { user: 'hawaii', reply: { text: 'Hawaii has 30 airports.' } },
    { user: 'ohio', reply: { text: 'Ohio has 160 airports.' } },
    { user: 'long story', reply: { text: `${STORY} The end.`, tokenDelayMs: 40 } },
  ],
  fallback: { text: 'No scripted answer.' },
};

const QUESTIONS = [
  'How many airports in Alaska?',
  'And in Texas?',
  'What about Hawaii?',
  'Finally Ohio?',
];
const ANSWERS = [
  'Alaska has 300 airports.',
  'Texas has 400 airports.',
  'Hawaii has 30 airports.',
  'Ohio has 160 airports.',
];

const questionsShown = (page: Page): Promise<string[]> =>
  page.locator('.mw-user-text').allTextContents();

async function askAndWait(page: Page, question: string, answer: string): Promise<void> {
  await ask(page, question);
  await page.locator('.mw-answer', { hasText: answer }).waitFor();
  await waitForIdle(page);
}

/** Waits until `page` shows exactly `questions`, and `answers`. */
async function expectShown(
  page: Page,
  questions: string[],
  answers = ANSWERS.slice(0, questions.length),
) {
  await expect.poll(() => questionsShown(page), { timeout: 20_000 }).toEqual(questions);
  for (const answer of answers)
    await page.locator('.mw-answer', { hasText: answer }).waitFor({ timeout: 20_000 });
}

describe('one conversation in two tabs', () => {
  const app = useAppWithModel(script, { datasets: 'none' });
  // Tab A, booted once for the file (a context is one browser profile): each test starts it on a New
  // chat and opens the second tab itself, as the tabs' behaviour is what each test checks.
  let shared: ContractPage | undefined;

  /** Tab A on a New chat, the file's other tabs closed; booted again only if a test closed it. */
  async function firstTab(): Promise<ContractPage> {
    if (!shared || shared.page.isClosed()) {
      await shared?.context.close();
      shared = await openChat(app.harness.browser, app.harness.appUrl, {
        endpoint: app.fake.url,
      });
    }
    for (const other of shared.context.pages()) if (other !== shared.page) await other.close();
    await newConversation(shared.page);
    return shared;
  }
  afterAll(async () => {
    await shared?.context.close();
  });

  it('questions asked in turn from both tabs all stay, live and after reloading both', async () => {
    const endpoint = app.fake.url;
    const tabA = await firstTab();
    const a = tabA.page;
    await askAndWait(a, QUESTIONS[0] as string, ANSWERS[0] as string);
    const b = await openChatTab(tabA, app.harness.appUrl, { endpoint });
    await expectShown(b, QUESTIONS.slice(0, 1));

    await askAndWait(b, QUESTIONS[1] as string, ANSWERS[1] as string);
    // Tab A follows live: the question asked in B shows in A without a reload.
    await expectShown(a, QUESTIONS.slice(0, 2));
    await askAndWait(a, QUESTIONS[2] as string, ANSWERS[2] as string);
    await expectShown(b, QUESTIONS.slice(0, 3));
    await askAndWait(b, QUESTIONS[3] as string, ANSWERS[3] as string);
    await expectShown(a, QUESTIONS);

    // The model read the whole conversation for the last question, turns asked in the other tab too.
    const lastRequest = app.fake.requests.at(-1)?.body.messages ?? [];
    expect(
      lastRequest.filter((message) => message.role === 'user').map((message) => message.content),
    ).toEqual(QUESTIONS);

    await Promise.all([a.reload(), b.reload()]);
    await Promise.all([waitForIdle(a), waitForIdle(b)]);
    await expectShown(a, QUESTIONS);
    await expectShown(b, QUESTIONS);
    // A new tab opens the same conversation, whole.
    const c = await openChatTab(tabA, app.harness.appUrl, { endpoint });
    await expectShown(c, QUESTIONS);
    await expectClean(tabA);
  });

  // One walk through both cases that begin alike (B following A's long answer): first B's question,
  // refused while A answers, then A's tab closed mid-answer, which leaves B free to go on.
  it('a question sent while the other tab answers is refused plainly and stays in the box; a tab closed mid-answer leaves the other free to go on', async () => {
    const endpoint = app.fake.url;
    const tabA = await firstTab();
    const a = tabA.page;
    // A blank New chat is not stored: the conversation both tabs share begins with a first question.
    await askAndWait(a, QUESTIONS[2] as string, ANSWERS[2] as string);
    const b = await openChatTab(tabA, app.harness.appUrl, { endpoint });
    await expectShown(b, [QUESTIONS[2] as string], [ANSWERS[2] as string]);
    await ask(a, 'Tell me a long story');
    // B follows the answer as it streams.
    await b.locator('.mw-answer', { hasText: 'tale10' }).waitFor({ timeout: 20_000 });
    await b.fill('.mw-input', 'And in Texas?');
    // B shows the turn running (Send is off, Enter keeps the question); Stop says where to stop it.
    await b.press('.mw-input', 'Enter');
    await b.click('.mw-stop');
    await expect
      .poll(() => b.locator('.notice-banner li').allTextContents())
      .toContain(
        'This conversation is answering in another tab. Wait for it to finish, or stop it there.',
      );
    expect(await b.inputValue('.mw-input')).toBe('And in Texas?');

    // Once A has finished, B asks, and both tabs keep both turns.
    await a.locator('.mw-answer', { hasText: 'The end.' }).waitFor({ timeout: 30_000 });
    await waitForIdle(a);
    await waitForIdle(b);
    await b.press('.mw-input', 'Enter');
    await b.locator('.mw-answer', { hasText: ANSWERS[1] as string }).waitFor();
    const bothKept = [QUESTIONS[2] as string, 'Tell me a long story', 'And in Texas?'];
    await expectShown(a, bothKept, [ANSWERS[2] as string, 'The end.', ANSWERS[1] as string]);
    await expectClean(tabA);

    // A's tab closed while it answers a second long story, which B follows as it streams.
    await ask(a, 'Tell me a long story');
    await b.locator('.mw-answer').nth(3).filter({ hasText: 'tale10' }).waitFor({ timeout: 20_000 });
    await a.close();
    // B shows the cut-off answer as a reload would, and takes the next question.
    await waitForIdle(b);
    await askAndWait(b, 'Finally Ohio?', ANSWERS[3] as string);
    await b.reload();
    // Each turn's answer in its place (both stories have the same words, so read them by position).
    await expect
      .poll(() => questionsShown(b), { timeout: 20_000 })
      .toEqual([...bothKept, 'Tell me a long story', 'Finally Ohio?']);
    const answersInOrder = [ANSWERS[2], 'The end.', ANSWERS[1], 'tale10', ANSWERS[3]];
    for (const [index, answer] of answersInOrder.entries())
      await b
        .locator('.mw-answer')
        .nth(index)
        .filter({ hasText: answer as string })
        .waitFor({ timeout: 20_000 });
    expect(tabA.pageErrors).toEqual([]);
    expect(tabA.outsideRequests).toEqual([]);
  });
});
