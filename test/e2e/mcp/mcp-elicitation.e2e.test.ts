// A server that asks the person for input mid-call (MCP elicitation), in the built app: after the call is
// approved, its form shows in the chat where the turn is, above the question box, with the server's
// defaults filled in; Accept sends what the person filled in and the tool's result (and the answer) say
// so; Decline sends "decline". The same on a phone, where the card must fit the screen.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASKING_TOOL,
  startElicitationMcpServer,
  type ElicitationMcpServer,
} from '../../servers/elicitation-mcp-server';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  expectClean,
  openChat,
  waitForData,
  waitForIdle,
  waitSayingWhere,
  type ContractPage,
} from '../chat-page';
import { startAppHarness, type AppHarness, waitInPage } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    {
      user: 'plan a survey',
      reply: {
        text: 'I will ask the survey desk to plan it.',
        toolCalls: [{ name: ASKING_TOOL, arguments: {} }],
      },
    },
    {
      user: 'plan a survey',
      toolResult: 'accepted',
      reply: { text: 'The survey desk has **your answers**.' },
    },
    {
      user: 'plan a survey',
      toolResult: 'chose decline',
      reply: { text: 'You **declined**, so nothing was planned.' },
    },
  ],
};

/** Screenshots of the card, for a person to look at (test-results/ is not committed). */
const shots = join('test-results', 'mcp-elicitation');

describe('a server asking the person for input, in the chat', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  let survey: ElicitationMcpServer;

  beforeAll(async () => {
    [harness, fake, survey] = await Promise.all([
      startAppHarness(),
      startFakeLlm({ script }),
      startElicitationMcpServer(),
    ]);
    await mkdir(shots, { recursive: true });
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop(), survey?.stop()]);
  });

  /** Opens the chat with the survey server saved as the person's own, connected. */
  async function openWithSurveyServer(viewport?: { width: number; height: number }) {
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      ...(viewport ? { viewport } : {}),
      localStorage: {
        'mapwright.mcpServers': JSON.stringify([{ id: 'surveys', url: survey.url }]),
      },
    });
    await waitForData(opened.page);
    await waitInPage(opened.page, async () => {
      const hub = (
        window as unknown as {
          mapwright: { hub: { ready(id: string): Promise<Array<{ status: string }>> } };
        }
      ).mapwright.hub;
      const [state] = await hub.ready('surveys');
      return state?.status === 'connected';
    });
    return opened;
  }

  /** Asks, approves the call, and returns the form the server's request shows. */
  async function askAndApprove(page: Page) {
    await ask(page, 'Please plan a survey for me.');
    const approval = page.locator('.mw-approval-card');
    await approval.waitFor({ timeout: 30_000 });
    await approval
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    const form = page.locator('.mw-chat .mw-elicitation');
    // Seen once in a full run two files at a time, not since: say where the chat and server stood.
    await waitSayingWhere(
      page,
      form,
      'No form',
      30_000,
      () =>
        `; the server got ${survey.answers.length} answers, the model ${fake.requests.length} requests`,
    );
    return form;
  }

  /** The card is on screen, inside the chat, below the conversation and above the question box. */
  async function expectInPlace(opened: ContractPage, form: ReturnType<Page['locator']>) {
    const { page } = opened;
    const viewport = page.viewportSize()!;
    const card = (await form.boundingBox())!;
    const log = (await page.locator('.mw-log').boundingBox())!;
    const input = (await page.locator('.mw-input').boundingBox())!;
    const chat = (await page.locator('.mw-chat').boundingBox())!;
    expect(card.y).toBeGreaterThanOrEqual(log.y);
    expect(card.y + card.height).toBeLessThanOrEqual(input.y + 1);
    expect(card.x).toBeGreaterThanOrEqual(chat.x - 1);
    expect(card.x + card.width).toBeLessThanOrEqual(
      Math.min(viewport.width, chat.x + chat.width) + 1,
    );
    // Its actions can be reached on screen without scrolling the page.
    for (const name of ['Accept', 'Decline', 'Cancel']) {
      const action = (await form.getByRole('button', { name, exact: true }).boundingBox())!;
      expect(action.y + action.height).toBeLessThanOrEqual(viewport.height);
      expect(action.x + action.width).toBeLessThanOrEqual(viewport.width);
    }
  }

  it('shows the form after approval with its defaults; Accept sends what the person filled in', async () => {
    const opened = await openWithSurveyServer();
    const { page } = opened;
    const form = await askAndApprove(page);
    expect(await form.locator('.mw-elicitation-from').textContent()).toBe(
      `The server "surveys" (${new URL(survey.url).host}) asks:`,
    );
    expect(await form.textContent()).toContain('Where should the survey go, and who leads it?');
    // The server's defaults are filled in; the required choice is marked.
    expect(await form.getByLabel('Lead').inputValue()).toBe('Ada');
    expect(await form.getByLabel('Notify the team').isChecked()).toBe(false);
    expect(await form.locator('label', { hasText: 'Region *' }).count()).toBe(1);
    await expectInPlace(opened, form);
    // The status line says what the chat waits for, not "Thinking…".
    expect(await page.locator('.mw-status-text').textContent()).toBe(
      'Waiting for your answer to the form',
    );
    await page.screenshot({ path: join(shots, 'desktop.png') });
    // The required choice has no default: it starts unanswered, and Accept says so instead of sending
    // the first option as if the person had chosen it.
    expect(await form.getByLabel('Region').inputValue()).toBe('');
    await form.getByRole('button', { name: 'Accept', exact: true }).click();
    expect(await form.locator('.mw-elicitation-problems').textContent()).toContain(
      'Region is required.',
    );
    expect(survey.answers).toEqual([]);
    await form.getByLabel('Lead').fill('Grace');
    await form.getByLabel('Region').selectOption('south');
    await form.getByLabel('Notify the team').check();
    await form.getByRole('button', { name: 'Accept', exact: true }).click();
    await page
      .locator('.mw-answer strong', { hasText: 'your answers' })
      .waitFor({ timeout: 30_000 });
    await waitForIdle(page);
    expect(await page.locator('.mw-elicitation').count()).toBe(0);
    expect(survey.answers.at(-1)).toEqual({
      action: 'accept',
      content: { lead: 'Grace', region: 'south', notify: true },
    });
    // The model read the tool's result, which carries the person's answers.
    const results = JSON.stringify(fake.requests.at(-1)?.body.messages?.at(-1));
    expect(results).toContain('accepted');
    expect(results).toContain('Grace');
    await expectClean(opened);
    await opened.context.close();
  }, 120_000);

  it('on a phone the form fits the screen above the question box, and Decline tells the server "decline"', async () => {
    const opened = await openWithSurveyServer({ width: 390, height: 844 });
    const { page } = opened;
    const form = await askAndApprove(page);
    await expectInPlace(opened, form);
    await page.screenshot({ path: join(shots, 'phone.png') });
    await form.getByRole('button', { name: 'Decline', exact: true }).click();
    await page.locator('.mw-answer strong', { hasText: 'declined' }).waitFor({ timeout: 30_000 });
    await waitForIdle(page);
    expect(survey.answers.at(-1)).toEqual({ action: 'decline' });
    expect(await page.locator('.mw-elicitation').count()).toBe(0);
    await expectClean(opened);
    await opened.context.close();
  }, 120_000);
});
