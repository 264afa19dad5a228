// The settings as a form people trust: Save keeps what was typed (across a reload), Cancel and Close
// with changes ask "Discard changes?" before anything is dropped, Test connection saves nothing, a
// wrong endpoint is marked next to its field, and the model list comes from the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { openChat, waitForChat } from '../chat-page';
import {
  configWithoutDatasets,
  serveWithConfig,
  type ConfigVariant,
} from '../contract/config-variant';
import { launchBrowser } from '../harness';
import type { Browser, Page } from 'playwright-core';

const savedModel = (page: Page): Promise<string | undefined> =>
  page.evaluate(
    () => (JSON.parse(localStorage.getItem('mapwright.llm') ?? '{}') as { model?: string }).model,
  );

describe('the settings form', () => {
  let browser: Browser;
  let variant: ConfigVariant;
  let fake: FakeLlm;
  beforeAll(async () => {
    [browser, fake, variant] = await Promise.all([
      launchBrowser(),
      startFakeLlm({ script: { rules: [], fallback: { text: 'OK' } } }),
      configWithoutDatasets().then((config) => serveWithConfig(JSON.stringify(config))),
    ]);
  });
  afterAll(async () => {
    await Promise.allSettled([browser?.close(), fake?.stop(), variant?.stop()]);
  });

  it('saves, cancels, asks before discarding, and marks a wrong endpoint', async () => {
    const opened = await openChat(browser, variant.appUrl, { endpoint: fake.url, seedOnce: true });
    const { page } = opened;
    const openSettings = async () => {
      await page.getByRole('button', { name: 'Open the settings' }).click();
      await page.getByRole('dialog', { name: 'Settings' }).waitFor();
    };
    const dialog = page.getByRole('dialog', { name: 'Settings' });
    const model = page.locator('.mw-model');
    const endpoint = page.locator('.mw-endpoint');
    await openSettings();

    // Opaque: nothing of the conversation shows through.
    const background = await dialog.evaluate((node) => getComputedStyle(node).backgroundColor);
    expect(background).toMatch(/^rgb\(/);

    // The model list comes from the server; free text stays possible.
    await page.locator('.mw-model-note', { hasText: '1 model on the server' }).waitFor();
    expect(await model.getAttribute('list')).toBeTruthy();

    // "localhost:11434": an error next to the field, tied to it, and nothing saved.
    await endpoint.fill('localhost:11434');
    await page.getByRole('button', { name: 'Save the language model settings' }).click();
    const error = page.locator('.mw-field-error:not([hidden])');
    expect(await error.textContent()).toBe('Add the scheme: http://localhost:11434');
    expect(await endpoint.getAttribute('aria-invalid')).toBe('true');
    const errorId = await error.getAttribute('id');
    expect((await endpoint.getAttribute('aria-describedby'))?.split(' ')).toContain(errorId);
    expect(await page.evaluate(() => localStorage.getItem('mapwright.llm') ?? '')).not.toContain(
      'localhost:11434',
    );
    await endpoint.fill(fake.url);
    expect(await endpoint.getAttribute('aria-invalid')).toBeNull();

    // A successful Test saves nothing, and the typed model stays in the form.
    await model.fill('typed-model');
    await page.getByRole('button', { name: 'Test connection to the model' }).click();
    await page.locator('.mw-connection-report[data-ok="true"]').waitFor();
    expect(await page.locator('.mw-connection-report').textContent()).toContain('Save to use it.');
    expect(await savedModel(page)).toBe('fake-model');
    expect(await model.inputValue()).toBe('typed-model');

    // Close with changes asks; Keep editing keeps them; Esc asks too; Discard drops them.
    await page.getByRole('button', { name: 'Close the settings' }).click();
    const question = page.getByRole('group', { name: 'Unsaved changes' });
    await question.waitFor();
    expect(await question.textContent()).toContain('Discard changes?');
    await page.getByRole('button', { name: 'Keep editing' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await model.inputValue()).toBe('typed-model');
    await model.press('Escape');
    await question.waitFor();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await savedModel(page)).toBe('fake-model');
    await openSettings();
    expect(await model.inputValue()).toBe('fake-model');

    // Cancel with changes asks as well.
    await model.fill('another-model');
    await page.getByRole('button', { name: 'Cancel the changes to the settings' }).click();
    await question.waitFor();
    await page.getByRole('button', { name: 'Discard changes' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Save keeps the values, after Close and after a reload; Close then asks nothing.
    await openSettings();
    await model.fill('saved-model');
    await page.getByRole('button', { name: 'Save the language model settings' }).click();
    await page.locator('.mw-connection-report', { hasText: 'Saved' }).waitFor();
    await page.getByRole('button', { name: 'Close the settings' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await savedModel(page)).toBe('saved-model');
    await page.reload();
    await waitForChat(page);
    await openSettings();
    expect(await model.inputValue()).toBe('saved-model');
    expect(await endpoint.inputValue()).toBe(fake.url);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });

  it('switching to Local fills in the model the README names', async () => {
    const opened = await openChat(browser, variant.appUrl, {
      endpoint: fake.url,
      localStorage: {
        'mapwright.llm': JSON.stringify({
          provider: 'openai',
          endpoint: 'https://api.openai.com/v1',
          model: 'gpt-4o-mini',
          keyPersistence: 'session',
        }),
      },
    });
    const { page } = opened;
    await page.getByRole('button', { name: 'Open the settings' }).click();
    expect(await page.locator('.mw-provider').inputValue()).toBe('openai');
    // No key yet: the list is not fetched, and the note says why.
    await page.locator('.mw-model-note', { hasText: 'Paste the API key' }).waitFor();
    await page.locator('.mw-provider').selectOption('local');
    expect(await page.locator('.mw-endpoint').inputValue()).toBe('http://127.0.0.1:11434/v1');
    expect(await page.locator('.mw-model').inputValue()).toBe('qwen2.5:7b');
    expect(opened.outsideRequests).toEqual([]);
    await opened.context.close();
  });
});
