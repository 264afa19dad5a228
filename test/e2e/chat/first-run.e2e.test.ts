// The first run, as a new visitor meets it: no model saved and the config's model is the local default,
// so the welcome says what Mapwright is and offers one step, Connect a model. Example questions wait
// for a model instead of failing; once a model is saved the usual welcome shows, and the question
// chosen earlier is answered.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { waitForChat, waitForIdle } from '../chat-page';
import { lightConfig, serveWithConfig, type ConfigVariant } from '../contract/config-variant';
import { launchBrowser, openPage } from '../harness';
import type { Browser } from 'playwright-core';

describe('first run without a model', () => {
  let browser: Browser;
  let variant: ConfigVariant;
  let fake: FakeLlm;
  let examplePrompt = '';
  beforeAll(async () => {
    const config = await lightConfig();
    examplePrompt = (config.examplePrompts as string[])[0] ?? '';
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script: { rules: [], fallback: { text: 'Here is the **answer**.' } } }),
      serveWithConfig(JSON.stringify(config)),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop()]);
  });

  // One walk, one boot: what the first run says, the two ways to the settings before a model is
  // connected (Connect a model, a typed question), then an example chosen, the model connected, the
  // example answered, and a reload that does not show the first run again.
  it('says what Mapwright is; Connect a model and a question typed before connecting open the settings; connects a model in Settings, then answers the example chosen', async () => {
    const opened = await openPage(browser);
    const { page } = opened;
    const modelRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/chat\/completions$/.test(request.url())) modelRequests.push(request.url());
    });
    await page.goto(variant.appUrl);
    await waitForChat(page);

    const firstRun = page.locator('.mw-first-run');
    await firstRun.waitFor();
    expect(await firstRun.textContent()).toMatch(/Mapwright answers questions about the data/);
    const connect = page.getByRole('button', { name: 'Connect a model' });
    expect(await connect.getAttribute('class')).toContain('mw-button-primary');
    expect(await page.locator('.mw-first-run-note').textContent()).toMatch(/need a model/);
    // Nothing says "Ready" while nothing can answer.
    expect(await page.locator('.mw-status-text').textContent()).toBe('No model connected yet');

    // Connect a model opens the settings; a question typed before connecting opens them too, and
    // stays in the box with no turn started.
    await page.getByRole('button', { name: 'Connect a model' }).click();
    await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await page.fill('.mw-input', 'How many airports are there?');
    await page.press('.mw-input', 'Enter');
    const asked = page.getByRole('dialog', { name: 'Settings' });
    await asked.waitFor();
    expect(await asked.textContent()).toContain('Connect a model to send your question');
    expect(await page.locator('.mw-turn').count()).toBe(0);
    expect(await page.locator('.mw-input').inputValue()).toBe('How many airports are there?');
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await asked.waitFor({ state: 'detached' });

    // An example question opens the settings, on the config's provider, and waits in the box.
    await firstRun.getByRole('button', { name: examplePrompt }).click();
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    await dialog.waitFor();
    expect(await page.locator('.mw-provider').inputValue()).toBe('local');
    expect(await page.locator('.mw-model').inputValue()).toBe('qwen2.5:7b');
    expect(await page.locator('.mw-input').inputValue()).toBe(examplePrompt);
    expect(modelRequests).toEqual([]);

    // Connect the model: the endpoint, a model from the server's list, Save.
    await page.locator('.mw-endpoint').fill(fake.url);
    await page.locator('.mw-endpoint').press('Tab');
    await page
      .locator('.mw-model-note', { hasText: '1 model on the server' })
      .waitFor({ timeout: 15_000 });
    expect(
      await page
        .locator('datalist option')
        .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
    ).toEqual(['fake-model']);
    await page.locator('.mw-model').fill('fake-model');
    await page.getByRole('button', { name: 'Save the language model settings' }).click();
    await page.locator('.mw-connection-report', { hasText: 'Saved' }).waitFor();
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The usual welcome is back, and the waiting question is answered.
    expect(await page.locator('.mw-first-run').count()).toBe(0);
    expect(await page.locator('.mw-status-text').textContent()).toBe('Ready');
    await page.locator('.mw-welcome', { hasText: 'Ask a question about the data' }).waitFor();
    await page.press('.mw-input', 'Enter');
    await page.locator('.mw-answer strong', { hasText: 'answer' }).waitFor();
    await waitForIdle(page);
    expect(modelRequests).toEqual([`${fake.url}/chat/completions`]);

    // Saved: a reload does not show the first run again.
    await page.reload();
    await waitForChat(page);
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: 'New chat' })
      .click();
    await page.locator('.mw-welcome:not([hidden])').waitFor();
    expect(await page.locator('.mw-first-run').count()).toBe(0);
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });
});
