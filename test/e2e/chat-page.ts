// Opens the built app the way a person would, with the chat pointed at a loopback model, and checks the
// page for what a person would call broken: uncaught errors, requests leaving loopback, blocked loads.
// Shared by every chat browser test.
import { afterAll, beforeAll, expect } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../servers/fake-llm/fake-llm-server';
import { startLoopbackServer } from '../servers/loopback';
import {
  openPage,
  startAppHarness,
  type AppHarness,
  type AppHarnessOptions,
  type PageOptions,
  type PageUnderTest,
  waitInPage,
} from './harness';
import type { FakeLlmScript } from '../servers/fake-llm/fake-llm-script';
import type { Browser, Locator, Page } from 'playwright-core';

/** How the page is opened (`PageOptions`) and prepared before the app loads. */
export interface ChatPageOptions extends PageOptions {
  /** The OpenAI-compatible base URL the chat talks to (the person's settings). */
  endpoint: string;
  /** An API key the person saved for this tab's session. */
  apiKey?: string;
  /** Extra localStorage entries written before every load (e.g. `mapwright.mcpServers`). */
  localStorage?: Record<string, string>;
  /** Wait for the chat to be ready (default true). */
  waitForChat?: boolean;
  /** Write the entries only when the page has none yet, so what the page saves survives a reload. */
  seedOnce?: boolean;
  /** Runs before the app loads (e.g. `page.clock.install()`, so the app's clock can be moved). */
  beforeLoad?: (page: Page) => Promise<void>;
}

/**
 * A page under test that also records Content-Security-Policy violations: blocked loads and blocked
 * inline code (an event-handler attribute that reached the DOM), so a hostile payload the sanitiser
 * missed is caught even though the CSP stops it.
 */
export interface ContractPage extends PageUnderTest {
  /** Blocked URIs the page tried to load, read from the page. */
  cspViolations(): Promise<string[]>;
}

/** Opens `appUrl` in a fresh context with the chat configured as a person would have saved it. */
export async function openChat(
  browser: Browser,
  appUrl: string,
  options: ChatPageOptions,
): Promise<ContractPage> {
  const opened = await openPage(browser, options);
  await prepareChatPage(opened.page, options);
  await options.beforeLoad?.(opened.page);
  await opened.page.goto(appUrl);
  if (options.waitForChat !== false) await waitForChat(opened.page);
  return {
    ...opened,
    cspViolations: () =>
      opened.page.evaluate(
        () => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [],
      ),
  };
}

/**
 * Another tab of the same browser profile (same context, same origin, storage shared): the chat
 * configured the same way. Its errors are recorded in `pageErrors` of the first tab's record.
 */
export async function openChatTab(
  opened: Pick<PageUnderTest, 'context' | 'pageErrors'>,
  appUrl: string,
  options: ChatPageOptions,
): Promise<Page> {
  const page = await opened.context.newPage();
  page.on('pageerror', (error) => opened.pageErrors.push(String(error.stack ?? error.message)));
  await prepareChatPage(page, options);
  await options.beforeLoad?.(page);
  await page.goto(appUrl);
  if (options.waitForChat !== false) await waitForChat(page);
  return page;
}

/** The person's model settings as the app page keeps them in localStorage: a local model at `endpoint`. */
export function modelSettings(endpoint: string, apiKey?: string): Record<string, string> {
  return {
    'mapwright.llm': JSON.stringify({
      provider: 'local',
      endpoint,
      model: 'fake-model',
      keyPersistence: 'session',
      // A saved key is bound to the endpoint it was saved for (src/settings/llm-settings-store.ts).
      ...(apiKey ? { keyEndpoint: endpoint } : {}),
    }),
  };
}

/** Saves the person's settings in the page before the app loads, and records CSP violations. */
async function prepareChatPage(page: Page, options: ChatPageOptions): Promise<void> {
  const entries: Record<string, string> = {
    ...modelSettings(options.endpoint, options.apiKey),
    ...options.localStorage,
  };
  await page.addInitScript(
    ({ entries: values, apiKey, seedOnce }) => {
      for (const [key, value] of Object.entries(values))
        if (!seedOnce || localStorage.getItem(key) === null) localStorage.setItem(key, value);
      if (apiKey) sessionStorage.setItem('mapwright.llm.apiKey', apiKey);
      const recorded: string[] = [];
      (window as unknown as { __cspViolations: string[] }).__cspViolations = recorded;
      document.addEventListener('securitypolicyviolation', (event) => {
        // Not a load and nothing live: a library probing whether eval is allowed (zod's `Function('')`),
        // and DOMPurify parsing hostile markup in an inert DOMParser document, which Chromium reports
        // against the document. A handler that reached the live DOM is reported against its element.
        if (event.blockedURI === 'eval') return;
        if (event.blockedURI === 'inline' && !(event.target instanceof Element)) return;
        // Chromium's own editing, typing over a selection in CodeMirror's contenteditable, puts a
        // style attribute on the new line (no script of the page does, so there is no source file);
        // the policy refuses it and CodeMirror redraws the line from its own state.
        const line = event.target instanceof Element ? event.target : undefined;
        const browserEditing =
          event.effectiveDirective === 'style-src-attr' &&
          event.sourceFile === '' &&
          (line?.classList.contains('cm-line') || line?.closest('.cm-content'));
        if (browserEditing) return;
        const where = event.target instanceof Element ? ` on <${event.target.localName}>` : '';
        recorded.push(`${event.violatedDirective} ${event.blockedURI}${where}`);
      });
    },
    { entries, apiKey: options.apiKey, seedOnce: options.seedOnce === true },
  );
}

/** Waits until the chat takes questions. */
export async function waitForChat(page: Page): Promise<void> {
  await page.waitForSelector('#chat[data-chat-ready="true"]', { timeout: 60_000 });
}

/** Waits until the data side (DuckDB, the MCP hub) has started or failed. */
export async function waitForData(page: Page): Promise<void> {
  await waitInPage(
    page,
    () =>
      (window as unknown as { mapwright?: { data: Promise<unknown> } }).mapwright?.data.then(
        () => true,
      ),
    undefined,
    { timeout: 60_000 },
  );
}

/** Types a question and presses Enter. */
export async function ask(page: Page, question: string): Promise<void> {
  await page.fill('.mw-input', question);
  await page.press('.mw-input', 'Enter');
  // A turn starts a moment after Enter (the tab takes the conversation's lock and reads the newest
  // document first): wait until the question shows, so a following waitForIdle waits for the turn.
  // A send that is refused or waits for a model keeps the question in the box instead; that is fine.
  await waitInPage(
    page,
    (text) =>
      [...document.querySelectorAll('.mw-user-text')].at(-1)?.textContent?.trim() === text ||
      document.querySelector<HTMLTextAreaElement>('.mw-input')?.value === text,
    question.trim(),
    { timeout: 10_000 },
  ).catch(() => undefined);
}

/**
 * Starts a new conversation in an open page, as a person resets the chat with New chat: the tests of
 * one file share a booted app this way instead of booting one for each test.
 */
export async function newConversation(page: Page): Promise<void> {
  const sidebar = page.getByRole('navigation', { name: 'Conversations' });
  const toggle = page.getByRole('button', { name: 'Conversations', exact: true });
  const wasOpen = await sidebar.isVisible();
  if (!wasOpen) await toggle.click();
  await sidebar.getByRole('button', { name: 'New chat' }).click();
  await page.locator('.mw-welcome:not([hidden])').waitFor();
  // The list left as the test found it (a desktop remembers whether it was open).
  if (!wasOpen && (await sidebar.isVisible())) {
    await toggle.click();
    await sidebar.waitFor({ state: 'hidden' });
  }
}

/**
 * Where the chat stands, in one line for a failure message: its status, the status line's words, the
 * approval card if one shows, each call's tool and state, the end of the last turn's text, the map and
 * the notices shown.
 */
export function chatState(page: Page): Promise<string> {
  return page
    .evaluate(() => {
      const chat = document.querySelector<HTMLElement>('.mw-chat');
      const turns = document.querySelectorAll<HTMLElement>('.mw-turn');
      const last = turns[turns.length - 1];
      const card = document.querySelector<HTMLElement>('.mw-approval-card');
      const calls = [...document.querySelectorAll<HTMLElement>('.mw-call')].map(
        (call) => `${call.dataset.tool ?? '?'}:${call.dataset.state ?? '?'}`,
      );
      // A map tool waits for the map's idle: whether it can come (its WebGL context kept).
      const map = window.mapwright?.map?.map;
      const canvas = map?.getCanvas();
      const gl = canvas?.getContext('webgl2') ?? canvas?.getContext('webgl');
      const mapState = map
        ? `map loaded ${map.loaded()}, tiles loaded ${map.areTilesLoaded()}, moving ${map.isMoving()}, WebGL context ${gl ? (gl.isContextLost() ? 'lost' : 'kept') : 'none'}`
        : 'no map';
      return [
        `status ${chat?.dataset.status ?? '(no chat)'}`,
        `status line "${document.querySelector('.mw-status-text')?.textContent?.trim() ?? ''}"`,
        card
          ? `approval card "${(card.innerText ?? '').replace(/\s+/g, ' ').slice(0, 200)}"`
          : 'no approval card',
        `calls [${calls.join(', ')}]`,
        `${turns.length} turns, the last "${(last?.innerText ?? '').replace(/\s+/g, ' ').slice(-400)}"`,
        mapState,
        // A notice says what the chat refused (a turn it thinks runs in another tab, say).
        `notices "${[...document.querySelectorAll<HTMLElement>('.notice-banner')]
          .map((notice) => notice.innerText.replace(/\s+/g, ' ').trim())
          .join(' | ')}"`,
      ].join('; ');
    })
    .catch((reason: unknown) => `the page could not say (${String(reason)})`);
}

/**
 * Waits for `locator` to show; when it does not within `timeout`, the error starts with `what`, says
 * where the chat stood, and ends with `more()` (what the test's own servers saw, say).
 */
export async function waitSayingWhere(
  page: Page,
  locator: Locator,
  what: string,
  timeout = 60_000,
  more: () => string = () => '',
): Promise<void> {
  try {
    await locator.waitFor({ timeout });
  } catch (error) {
    throw new Error(`${what} within ${timeout / 1000} s: ${await chatState(page)}${more()}`, {
      cause: error,
    });
  }
}

/** Waits until no turn is running; when it does not come, the error says where the chat stood. */
export function waitForIdle(page: Page): Promise<void> {
  return waitSayingWhere(
    page,
    page.locator('.mw-chat[data-status="idle"]'),
    'The chat was not idle',
  );
}

/** Everything visible on the page, as a person could read it. */
export function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => document.body.innerText);
}

/** Asserts nothing threw in the page, nothing left loopback and nothing was blocked by the CSP. */
export async function expectClean(opened: ContractPage): Promise<void> {
  expect(opened.pageErrors).toEqual([]);
  expect(opened.outsideRequests).toEqual([]);
  expect(await opened.cspViolations()).toEqual([]);
}

/** A loopback port with nothing listening on it (taken from the OS, then released). */
export async function deadLoopbackPort(): Promise<number> {
  const server = await startLoopbackServer((_request, response) => response.end());
  await server.stop();
  return server.port;
}

/** The built app and a scripted model for the tests of one `describe`, started before and stopped after. */
export interface AppWithModel {
  readonly harness: AppHarness;
  readonly fake: FakeLlm;
}

/** Starts the app and a model answering from `script` before the `describe`'s tests; stops both after. */
export function useAppWithModel(
  script: FakeLlmScript,
  harnessOptions: AppHarnessOptions = {},
): AppWithModel {
  const started: { harness?: AppHarness; fake?: FakeLlm } = {};
  beforeAll(async () => {
    [started.harness, started.fake] = await Promise.all([
      startAppHarness(harnessOptions),
      startFakeLlm({ script }),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([started.harness?.close(), started.fake?.stop()]);
  });
  return {
    get harness(): AppHarness {
      if (!started.harness) throw new Error('The app starts before the tests (beforeAll).');
      return started.harness;
    },
    get fake(): FakeLlm {
      if (!started.fake) throw new Error('The model starts before the tests (beforeAll).');
      return started.fake;
    },
  };
}
