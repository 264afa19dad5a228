// Every kind of model failure, as a person meets it in the built app: a short title, what happened in
// one sentence, what to do, and the button that helps (Open settings or Retry). Retries count down in
// the status line while they wait. An endpoint with nothing listening is contract-llm-failures'.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, newConversation, openChat, waitForIdle, type ContractPage } from '../chat-page';
import {
  configWithoutDatasets,
  serveWithConfig,
  type ConfigVariant,
} from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { FakeLlmFailure, FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Browser, Page } from 'playwright-core';

/** Three failures in a row: the first attempt and both retries. */
const thrice = (failure: FakeLlmFailure): FakeLlmFailure[] => [failure, failure, failure];

/** One scripted failure per kind the fake LLM can produce, asked about by its question. */
const served: {
  question: string;
  failures: FakeLlmFailure[];
  title: string;
  sentence: RegExp;
  action: 'Open settings' | 'Retry';
}[] = [
  {
    question: 'auth question',
    failures: [{ kind: 'http-error', status: 401, message: 'Incorrect API key provided' }],
    title: 'The API key was refused',
    sentence: /turned the request down \(HTTP 401\)/,
    action: 'Open settings',
  },
  {
    question: 'missing model question',
    failures: [{ kind: 'http-error', status: 404, message: 'model "fake-x" not found' }],
    title: 'Model not found',
    sentence: /does not know this model or path \(HTTP 404\)/,
    action: 'Open settings',
  },
  {
    question: 'limited question',
    failures: thrice({ kind: 'http-error', status: 429, retryAfterSeconds: 0 }),
    title: 'Too many requests',
    sentence: /limiting how often/,
    action: 'Retry',
  },
  {
    question: 'busy question',
    failures: thrice({
      kind: 'http-error',
      status: 503,
      message: 'The server is overloaded or not ready yet.',
      retryAfterSeconds: 0,
    }),
    title: 'The model server is busy',
    sentence: /unavailable or overloaded \(HTTP 503\)/,
    action: 'Retry',
  },
  {
    question: 'slow question',
    failures: thrice({ kind: 'http-error', status: 504, retryAfterSeconds: 0 }),
    title: 'The model took too long',
    sentence: /did not answer in time \(HTTP 504\)/,
    action: 'Retry',
  },
  {
    question: 'invalid question',
    failures: [{ kind: 'http-error', status: 400, message: 'Invalid value for tool_choice' }],
    title: 'The model server refused the request',
    sentence: /turned the request down as invalid \(HTTP 400\)/,
    action: 'Retry',
  },
  {
    question: 'long question',
    failures: [
      {
        kind: 'http-error',
        status: 400,
        message: "This model's maximum context length is 4096 tokens.",
        code: 'context_length_exceeded',
      },
    ],
    title: 'The conversation is too long for this model',
    sentence: /exceed its context window/,
    action: 'Open settings',
  },
  {
    question: 'cut question',
    // The role chunk and five words reach the page before the connection drops.
    failures: [{ kind: 'cut-off', afterTokens: 6 }],
    title: 'The answer was cut off',
    sentence: /stopped streaming before the answer was complete/,
    action: 'Retry',
  },
];

const script: FakeLlmScript = {
  rules: [
    // The question a failed turn asked stays in the history, before the next one: match the last.
    ...served.map((kind) => ({
      user: { regex: `${kind.question}$` },
      failures: kind.failures,
      reply: {
        text: `Answered the **${kind.question}** ${'at some length '.repeat(20)}`,
        tokenDelayMs: 5,
      },
    })),
    {
      user: 'countdown question',
      failures: [{ kind: 'http-error', status: 503, retryAfterSeconds: 3 }],
      reply: { text: 'Worth the **wait**.' },
    },
  ],
  fallback: { text: 'Fine.' },
};

// The cut-off stream drops its connection once the page shows the words sent before it: a drop that
// reached the page before those bytes would look like a connection that never answered, which the app
// rightly asks again (and the second answer is whole).
let releaseCutOff: () => void = () => undefined;
const cutOffReleased = new Promise<void>((resolve) => (releaseCutOff = resolve));

/** The error box of the last turn, as a person reads it. */
async function lastFailure(page: Page) {
  const box = page.locator('.mw-turn').last().locator('.mw-error');
  await box.waitFor({ timeout: 30_000 });
  return {
    box,
    title: (await box.locator('.mw-failure-title').textContent()) ?? '',
    sentence: (await box.locator('.mw-failure-sentence').textContent()) ?? '',
    advice: (await box.locator('.mw-failure-advice').textContent()) ?? '',
    text: (await box.textContent()) ?? '',
    primary: (await box.locator('.mw-button-primary').textContent()) ?? '',
  };
}

describe('model errors: what happened, and what to do', () => {
  let browser: Browser;
  let variant: ConfigVariant;
  let fake: FakeLlm;
  // One page for the tests that talk to the scripted model: each starts a new conversation in it.
  let shared: ContractPage;
  beforeAll(async () => {
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script, beforeCutOff: () => cutOffReleased }),
      configWithoutDatasets().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
    shared = await openChat(browser, variant.appUrl, { endpoint: fake.url });
  });
  afterAll(async () => {
    await shared?.context.close();
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop()]);
  });

  it('every kind the server can cause has its title, one sentence, advice and action', async () => {
    const opened = shared;
    const { page } = opened;
    await newConversation(page);
    for (const kind of served) {
      await ask(page, kind.question);
      if (kind.failures.some((failure) => failure.kind === 'cut-off')) {
        await page
          .locator('.mw-turn')
          .last()
          .locator('.mw-answer', { hasText: 'Answered' })
          .waitFor({ timeout: 30_000 });
        releaseCutOff();
      }
      const failure = await lastFailure(page);
      expect(failure.title, kind.question).toBe(kind.title);
      expect(failure.sentence, kind.question).toMatch(kind.sentence);
      expect(failure.advice.length, kind.question).toBeGreaterThan(10);
      expect(failure.primary, kind.question).toBe(kind.action);
      // Nothing said twice, no stray characters where the title was "r".
      expect(failure.text.match(/HTTP \d{3}/g)?.length ?? 0, kind.question).toBeLessThanOrEqual(1);
      expect(failure.text, kind.question).not.toMatch(/\.\.|: r\b|^r$/);
      await page.locator('.mw-chat[data-status="failed"]').waitFor();
    }
    // The 503's own words are shown once, apart from the explanation.
    const busy = page.locator('.mw-turn', { hasText: 'busy question' }).locator('.mw-error');
    expect(await busy.locator('.mw-failure-detail').textContent()).toBe(
      'The server said: “The server is overloaded or not ready yet.”',
    );
    expect((await busy.textContent())?.match(/overloaded/g)).toHaveLength(2);

    // Retry asks the same question again (its failures are used up); Open settings opens the settings.
    await busy.getByRole('button', { name: 'Retry this question' }).click();
    await page.locator('.mw-answer strong', { hasText: 'busy question' }).waitFor();
    await waitForIdle(page);
    await page
      .locator('.mw-turn', { hasText: 'auth question' })
      .getByRole('button', { name: 'Open settings' })
      .click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor({ state: 'hidden' });
  });

  it('an endpoint the page’s security policy blocks says so, and how to allow it', async () => {
    // connect-src allows any port on 127.0.0.1 and localhost, not 127.0.0.2: the browser refuses it.
    const opened: ContractPage = await openChat(browser, variant.appUrl, {
      endpoint: 'http://127.0.0.2:9/v1',
    });
    await ask(opened.page, 'Blocked?');
    const failure = await lastFailure(opened.page);
    expect(failure.title).toBe('Blocked by this page’s security policy');
    expect(failure.sentence).toContain('Content-Security-Policy');
    expect(failure.sentence).toContain('http://127.0.0.2:9');
    expect(failure.advice).toContain('security.connectSrc');
    expect(failure.text).not.toMatch(/Could not reach|Cannot reach/);
    expect(failure.primary).toBe('Open settings');
    await opened.context.close();
  });

  it('a retry counts down in the status line: "Retrying in N s (attempt 2 of 3)"', async () => {
    const { page } = shared;
    await newConversation(page);
    await ask(page, 'countdown question');
    const status = page.locator('.mw-status-text');
    await status.filter({ hasText: /Retrying in 3 s \(attempt 2 of 3\)/ }).waitFor();
    await status.filter({ hasText: /Retrying in [12] s \(attempt 2 of 3\)/ }).waitFor();
    await page.locator('.mw-answer strong', { hasText: 'wait' }).waitFor({ timeout: 30_000 });
    await waitForIdle(page);
    expect(await status.textContent()).not.toMatch(/Retrying/);
    expect(await page.locator('.mw-error').count()).toBe(0);
  });
});
