// Contract: a failing LLM gets a clear message and loses nothing. In the built app, against the fake LLM
// on loopback: a refused API key, a server that stays unavailable, an endpoint with nothing listening,
// a stream cut off mid-answer, and a rate limit that clears.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  deadLoopbackPort,
  expectClean,
  newConversation,
  openChat,
  visibleText,
  waitForIdle,
  type ContractPage,
} from '../chat-page';
import { launchBrowser } from '../harness';
import { configWithoutDatasets, serveWithConfig, type ConfigVariant } from './config-variant';
import { startKeyCheckingLlm, type KeyCheckingLlm } from './key-checking-llm';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser } from 'playwright-core';

const WRONG_KEY = 'sk-contract-wrong-0123456789abcdefWXYZ';
const GOOD_KEY = 'sk-contract-right-9876543210fedcbaQRST';
const STORY = Array.from({ length: 40 }, (_unused, index) => `piece${index}`).join(' ');

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    { user: 'key question', reply: { text: 'The key works: **answered**.' } },
    {
      user: 'busy question',
      failures: [{ kind: 'unavailable' }, { kind: 'unavailable' }, { kind: 'unavailable' }],
      reply: { text: 'Finally **available**.' },
    },
    {
      user: 'cut question',
      // The role chunk, then five words, then the connection drops.
      failures: [{ kind: 'cut-off', afterTokens: 6 }],
      reply: { text: STORY, tokenDelayMs: 20 },
    },
    {
      user: 'limited question',
      failures: [{ kind: 'rate-limit', retryAfterSeconds: 1 }],
      reply: { text: 'Worth the **wait**.' },
    },
  ],
  fallback: { text: 'The chat still **works**.' },
};

// The cut-off stream drops its connection once the page shows the pieces sent before it.
let releaseCutOff: () => void = () => undefined;
const cutOffReleased = new Promise<void>((resolve) => (releaseCutOff = resolve));

describe('contract: a failing LLM', () => {
  let browser: Browser;
  let variant: ConfigVariant;
  let fake: FakeLlm;
  let keyed: KeyCheckingLlm;
  beforeAll(async () => {
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script, beforeCutOff: () => cutOffReleased }),
      configWithoutDatasets().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
    keyed = await startKeyCheckingLlm(fake.url, GOOD_KEY);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), keyed?.stop(), variant?.stop()]);
  });

  // The tests against the scripted model with no key share one booted page, each on a New chat.
  let shared: ContractPage | undefined;
  async function sharedChat(): Promise<ContractPage> {
    shared ??= await openChat(browser, variant.appUrl, { endpoint: fake.url });
    await newConversation(shared.page);
    return shared;
  }
  afterAll(async () => {
    await shared?.context.close();
  });

  const requestsAbout = (text: string): number =>
    fake.requests.filter((request) =>
      JSON.stringify(request.body.messages?.at(-1)?.content ?? '').includes(text),
    ).length;

  it('401: says to check the API key, shows no key, offers Retry, and the question survives a fix', async () => {
    const opened = await openChat(browser, variant.appUrl, {
      endpoint: keyed.url,
      apiKey: WRONG_KEY,
    });
    const { page } = opened;
    await ask(page, 'A key question, please');
    const error = page.locator('.mw-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/API key/);
    expect(await error.textContent()).toMatch(/Settings/);
    expect(await page.locator('.mw-user-text').first().textContent()).toBe(
      'A key question, please',
    );
    // Not retried: a wrong key does not get better by asking again.
    expect(keyed.refused()).toBe(1);
    const everything = `${await visibleText(page)}\n${await page.content()}`;
    expect(everything).not.toContain(WRONG_KEY);
    expect(everything).not.toContain('0123456789abcdef');

    // The person fixes the key in Settings, then presses Retry: the same question is answered.
    await page.getByRole('button', { name: 'Open the settings' }).click();
    await page.locator('.mw-api-key').fill(GOOD_KEY);
    await page.getByRole('button', { name: 'Save the language model settings' }).click();
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await page.getByRole('button', { name: 'Retry this question' }).click();
    await page.locator('.mw-answer strong', { hasText: 'answered' }).waitFor();
    expect(requestsAbout('A key question, please')).toBe(1);
    expect(await page.locator('.mw-error').count()).toBe(0);
    await expectClean(opened);
    await opened.context.close();
  });

  it('503 three times: retried, then a clear error with Retry that answers the same question', async () => {
    const opened = await sharedChat();
    const { page } = opened;
    await ask(page, 'A busy question');
    const error = page.locator('.mw-error');
    await error.waitFor({ timeout: 30_000 });
    expect(requestsAbout('A busy question')).toBe(3);
    expect(await error.textContent()).toMatch(/unavailable or overloaded \(HTTP 503\)/);
    expect(await error.textContent()).toMatch(/Retry in a moment/);
    await page.getByRole('button', { name: 'Retry this question' }).click();
    await page.locator('.mw-answer strong', { hasText: 'available' }).waitFor();
    expect(await page.locator('.mw-error').count()).toBe(0);
    expect(await page.locator('.mw-user-text').count()).toBe(1);
    await expectClean(opened);
  });

  it('nothing listening: "Cannot reach the model", naming the endpoint, with Open settings and Retry', async () => {
    const port = await deadLoopbackPort();
    const endpoint = `http://127.0.0.1:${port}/v1`;
    const opened = await openChat(browser, variant.appUrl, { endpoint });
    const { page } = opened;
    await ask(page, 'Is anybody there?');
    const error = page.locator('.mw-error');
    await error.waitFor({ timeout: 30_000 });
    const text = (await error.textContent()) ?? '';
    expect(await error.locator('.mw-failure-title').textContent()).toBe('Cannot reach the model');
    expect(await error.locator('.mw-failure-sentence').textContent()).toContain(
      `127.0.0.1:${port}`,
    );
    expect(await error.locator('.mw-button-primary').textContent()).toBe('Open settings');
    expect(text).toMatch(/Check the endpoint URL/);
    expect(await page.locator('.mw-user-text').first().textContent()).toBe('Is anybody there?');
    expect(await page.getByRole('button', { name: 'Retry this question' }).count()).toBe(1);
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });

  it('cut-off stream: the partial text stays, marked interrupted; the chat answers the next question, knowing that text', async () => {
    const opened = await sharedChat();
    const { page } = opened;
    await ask(page, 'A cut question');
    await page.locator('.mw-answer', { hasText: 'piece4' }).waitFor({ timeout: 30_000 });
    releaseCutOff();
    const error = page.locator('.mw-error');
    await error.waitFor({ timeout: 30_000 });
    expect(await error.textContent()).toMatch(/stopped streaming before the answer was complete/);
    const answer = page.locator('.mw-answer').first();
    expect(await answer.textContent()).toContain('piece4');
    expect(await answer.textContent()).not.toContain('piece39');
    // Text already shown is never retried behind the person's back.
    expect(requestsAbout('A cut question')).toBe(1);

    await ask(page, 'Next one');
    await page.locator('.mw-answer strong', { hasText: 'works' }).waitFor();
    await waitForIdle(page);
    expect(await page.locator('.mw-answer').first().textContent()).toContain('piece4');
    // The model reads what the person saw: the partial text is in the next request's history.
    const history = fake.requests.at(-1)?.body.messages ?? [];
    expect(
      history.some(
        (message) =>
          message.role === 'assistant' && JSON.stringify(message.content).includes('piece4'),
      ),
    ).toBe(true);
    await expectClean(opened);
  });

  it('429 with Retry-After 1, then success: the answer arrives after the wait and no error is shown', async () => {
    const opened = await sharedChat();
    const { page } = opened;
    const started = Date.now();
    await ask(page, 'A limited question');
    await page.locator('.mw-answer strong', { hasText: 'wait' }).waitFor({ timeout: 30_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(requestsAbout('A limited question')).toBe(2);
    await waitForIdle(page);
    expect(await page.locator('.mw-error').count()).toBe(0);
    await expectClean(opened);
  });
});
