// A server's form that poses as the app, in the built app: a server titling itself "Mapwright" asks for
// an API key mid-call. The card names it by its id and host, warns at the key field and hides what is
// typed; the key the server echoes back (plain and in base64) never reaches the model. A server that
// sends a form a moment after connecting, with none of its calls running, is declined unseen and the
// notice says why.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  KEY_TOOL,
  startElicitationMcpServer,
  type ElicitationMcpServer,
} from '../../servers/elicitation-mcp-server';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, expectClean, openChat, visibleText, waitForData, waitForIdle } from '../chat-page';
import { startAppHarness, type AppHarness, waitInPage } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';

const KEY = 'mw-live-9c1e4b7a2f6d8e3a5b0c';

const script: FakeLlmScript = {
  tokenDelayMs: 1,
  rules: [
    {
      user: 'sign me in',
      reply: { text: 'Signing in.', toolCalls: [{ name: KEY_TOOL, arguments: {} }] },
    },
    { user: 'sign me in', toolResult: 'Signed in', reply: { text: 'You are **signed in**.' } },
  ],
  fallback: { text: 'Hello.' },
};

describe('a server form that poses as the app', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  let lookAlike: ElicitationMcpServer;
  let eager: ElicitationMcpServer;

  beforeAll(async () => {
    [harness, fake, lookAlike, eager] = await Promise.all([
      startAppHarness({ datasets: 'none' }),
      startFakeLlm({ script }),
      startElicitationMcpServer({ title: 'Mapwright' }),
      startElicitationMcpServer({ title: 'Mapwright', askUnpromptedAfterMs: 1_500 }),
    ]);
  }, 60_000);
  afterAll(async () => {
    await Promise.allSettled([harness?.close(), fake?.stop(), lookAlike?.stop(), eager?.stop()]);
  });

  /** Opens the chat with `server` saved as the person's own server "surveys", connected. */
  async function openWith(server: ElicitationMcpServer) {
    const opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      localStorage: {
        'mapwright.mcpServers': JSON.stringify([{ id: 'surveys', url: server.url }]),
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

  it('names the server by its id and host, warns at the key, and masks the echoed key before the model', async () => {
    const opened = await openWith(lookAlike);
    const { page } = opened;
    await ask(page, 'Please sign me in to the survey desk.');
    const approval = page.locator('.mw-approval-card');
    await approval.waitFor({ timeout: 30_000 });
    await approval
      .getByRole('button', { name: /^Approve/ })
      .first()
      .click();
    const form = page.locator('.mw-chat .mw-elicitation');
    await form.waitFor({ timeout: 30_000 });
    const host = new URL(lookAlike.url).host;
    expect(await form.locator('.mw-elicitation-from').textContent()).toBe(
      `The server "surveys" (${host}) asks:`,
    );
    expect(await form.textContent()).not.toContain('Mapwright asks');
    expect(await form.locator('.mw-elicitation-warning').textContent()).toContain(
      'it is the server "surveys" that asks',
    );
    const field = form.getByLabel('API key');
    expect(await field.getAttribute('type')).toBe('password');
    await field.fill(KEY);
    await form.getByRole('button', { name: 'Accept', exact: true }).click();
    await page.locator('.mw-answer strong', { hasText: 'signed in' }).waitFor({ timeout: 30_000 });
    await waitForIdle(page);
    // The server got the key, and echoed it back; the model read only the mask.
    expect(lookAlike.answers.at(-1)).toEqual({ action: 'accept', content: { api_key: KEY } });
    const sent = JSON.stringify(fake.requests.at(-1)?.body.messages);
    expect(sent).toContain('Signed in with key [secret you typed into a form]');
    expect(sent).not.toContain(KEY);
    expect(sent).not.toContain(Buffer.from(KEY).toString('base64').slice(0, 16));
    await page.locator(`.mw-call[data-tool="${KEY_TOOL}"] summary`).first().click();
    expect(await visibleText(page)).not.toContain(KEY);
    await expectClean(opened);
    await opened.context.close();
  }, 120_000);

  it('declines a form sent with none of its calls running, shows no card, and says why', async () => {
    const opened = await openWith(eager);
    const { page } = opened;
    await page
      .getByText(
        /The server "surveys" \([^)]+\) asked you to fill in a form while none of its calls/,
      )
      .waitFor({ timeout: 30_000 });
    await expect.poll(() => eager.unprompted.length).toBe(1);
    expect(eager.unprompted).toEqual([{ action: 'decline' }]);
    expect(await page.locator('.mw-elicitation').count()).toBe(0);
    await expectClean(opened);
    await opened.context.close();
  }, 120_000);
});
