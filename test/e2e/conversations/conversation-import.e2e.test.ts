// Moving a conversation to another browser: Export JSON in one profile, Import in another (two browser
// contexts share no storage), and the same turns, table, chart and map layer come back. The same file
// dropped on the map is recognised as imported already; another export dropped there is imported, not
// refused as GeoJSON, with its clashing result id renamed; a file that is not an export gets one
// sentence.
import { describe, expect, it } from 'vitest';
import { expectClean, openChat, useAppWithModel, visibleText } from '../chat-page';
import {
  askDrawingQuestion,
  drawingScript,
  DRAWING_ANSWER,
  DRAWING_QUESTION,
  resultLayers,
  sidebarTitles,
} from '../conversation-script';
import { downloadedText, waitInPage } from '../harness';
import type { FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import type { Page } from 'playwright-core';

let fakeModel: FakeLlm | undefined;
const app = useAppWithModel(drawingScript(() => fakeModel));

/** What a person sees of the conversation: questions, answers, the table's cells, charts, layers. */
async function seen(page: Page) {
  await page.locator('.mw-result-table', { hasText: 'BRW' }).first().waitFor();
  await page.locator('.mw-chart svg').first().waitFor();
  // The map is restored just after the conversation shows.
  await waitInPage(page, () =>
    window.mapwright!.map!.map.getStyle().layers.some((layer) => layer.id.startsWith('result-')),
  );
  return {
    questions: await page.locator('.mw-user-text').allTextContents(),
    answers: await page.locator('.mw-answer').allTextContents(),
    cells: await page.locator('.mw-result-table tbody tr').first().locator('td').allTextContents(),
    rowCount: await page.locator('.mw-result-table tbody tr').count(),
    charts: await page.locator('.mw-chart svg').count(),
    layers: (await resultLayers(page)).length,
  };
}

/** Drops `file` on the element matched by `selector`, as a person dragging it from their desktop. */
async function dropFile(page: Page, selector: string, name: string, text: string): Promise<void> {
  await page.evaluate(
    ({ target, fileName, content }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([content], fileName, { type: 'application/json' }));
      const element = document.querySelector(target)!;
      element.dispatchEvent(new DragEvent('dragover', { dataTransfer: transfer, bubbles: true }));
      element.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true }));
    },
    { target: selector, fileName: name, content: text },
  );
}

describe('import a conversation', () => {
  it('export in one profile, import in another: the same turns, table, chart and map layer', async () => {
    fakeModel = app.fake;
    const first = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
    });
    await askDrawingQuestion(first.page);
    const original = await seen(first.page);
    await first.page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const download = first.page.waitForEvent('download');
    await first.page.getByRole('button', { name: 'Export JSON' }).click();
    const exported = await downloadedText(await download);
    await expectClean(first);
    await first.context.close();

    // Another profile: nothing stored, no model needed to show what was imported.
    const second = await openChat(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
    });
    const { page } = second;
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    await page.locator('.mw-import-input').setInputFiles({
      name: 'northernmost.json',
      mimeType: 'application/json',
      buffer: Buffer.from(exported),
    });
    await page.locator('.mw-answer', { hasText: DRAWING_ANSWER }).waitFor();
    expect(await seen(page)).toEqual(original);
    expect(original.questions).toEqual([DRAWING_QUESTION]);
    expect(original.layers).toBe(1);
    expect(await sidebarTitles(page)).toEqual([DRAWING_QUESTION]);
    const firstLayers = await resultLayers(page);

    // The same export dropped on the map is recognised: the first copy stays the only one.
    await dropFile(page, '#map', 'northernmost.json', exported);
    await page.getByText(/This conversation was imported before as/).waitFor();
    expect(await page.locator('.mw-sidebar-item').count()).toBe(1);

    // Another export of it (renamed before export) dropped on the map is a conversation too; its
    // result id clashes, and is renamed.
    const renamed = JSON.stringify({ ...JSON.parse(exported), title: 'Northernmost, again' });
    await dropFile(page, '#map', 'northernmost-again.json', renamed);
    await waitInPage(page, () => document.querySelectorAll('.mw-sidebar-item').length === 2);
    await page.locator('.mw-answer', { hasText: DRAWING_ANSWER }).waitFor();
    expect(await seen(page)).toEqual(original);
    const secondLayers = await resultLayers(page);
    expect(secondLayers).toHaveLength(1);
    expect(secondLayers).not.toEqual(firstLayers);
    expect(await visibleText(page)).not.toContain('could not be read');

    // A file that is not an export, dropped on the chat, gets one sentence and changes nothing.
    await dropFile(page, '.mw-chat', 'places.json', '{"type":"FeatureCollection","features":[]}');
    await page.getByText(/This file is not a Mapwright conversation export/).waitFor();
    expect(await page.locator('.mw-sidebar-item').count()).toBe(2);
    await expectClean(second);
    await second.context.close();
  }, 180_000);
});
