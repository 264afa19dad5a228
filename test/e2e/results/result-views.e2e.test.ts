// Charts and result tables in the built app, as a person meets them: a ranking chart keeps its order
// with labels that never overlap, monthly dates read as months, a daily axis over months neither
// overlaps nor clips its labels at 390 or 1440 px, hovering shows values, the chart
// downloads as SVG and PNG; a 100,000-row table draws only the rows in view yet scrolls to the last,
// shows formatted numbers and dates while the CSV keeps the raw values and is named after the question,
// fades its edges while it can scroll sideways, and "Show on map" and "Chart" act on a result without
// asking the model.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { ask, expectClean, openChat, waitForIdle, type ContractPage } from '../chat-page';
import { defaultViewport, downloadedBytes, startAppHarness, type AppHarness } from '../harness';
import { registerResultFixtures } from '../result-fixtures';
import type { FakeLlmRule, FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Locator, Page } from 'playwright-core';

/** A question that fetches the fixture `name`, optionally charts it, then answers. */
function rules(question: string, name: string, chart?: Record<string, unknown>): FakeLlmRule[] {
  return [
    { user: question, reply: { toolCalls: [{ name: 'fixture_rows', arguments: { name } }] } },
    ...(chart
      ? [
          {
            user: question,
            toolResult: `result_id=${name}`,
            reply: {
              toolCalls: [{ name: 'render_chart', arguments: { result_id: name, ...chart } }],
            },
          },
        ]
      : []),
    { user: question, toolResult: '', reply: { text: `Here is **${name}**.` } },
  ];
}

const script: FakeLlmScript = {
  rules: [
    ...rules('counties rank', 'ranking', { kind: 'bar', x: 'county', y: 'quakes' }),
    ...rules('states rank', 'states', { kind: 'bar', x: 'state', y: 'quakes' }),
    ...rules('quakes per month', 'monthly', { kind: 'line', x: 'month', y: 'quakes' }),
    ...rules('quakes per day', 'daily', { kind: 'line', x: 'day', y: 'quakes' }),
    ...rules('every reading', 'big'),
    ...rules('quake places', 'places'),
  ],
  fallback: { text: 'No script for that.' },
};

interface Box {
  text: string;
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Every text of the chart with its box on screen. */
function textBoxes(chart: Locator): Promise<Box[]> {
  return chart.evaluate((svg) =>
    [...svg.querySelectorAll('text')]
      .map((text) => {
        const box = text.getBoundingClientRect();
        return {
          text: text.firstChild?.textContent ?? '',
          left: box.left,
          top: box.top,
          right: box.right,
          bottom: box.bottom,
        };
      })
      .filter((box) => box.text.trim() !== '' && box.right > box.left),
  );
}

function overlapping(boxes: Box[]): string[] {
  const found: string[] = [];
  for (const [index, one] of boxes.entries())
    for (const other of boxes.slice(index + 1)) {
      const width = Math.min(one.right, other.right) - Math.max(one.left, other.left);
      const height = Math.min(one.bottom, other.bottom) - Math.max(one.top, other.top);
      if (width > 0.5 && height > 0.5) found.push(`"${one.text}" over "${other.text}"`);
    }
  return found;
}

async function download(page: Page, trigger: Locator): Promise<{ name: string; bytes: Buffer }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
}

describe('charts and result tables in the browser', () => {
  let harness: AppHarness;
  let fake: FakeLlm;
  let opened: ContractPage;
  let page: Page;

  beforeAll(async () => {
    [harness, fake] = await Promise.all([startAppHarness(), startFakeLlm({ script })]);
    opened = await openChat(harness.browser, harness.appUrl, {
      endpoint: fake.url,
      // A table's CSV takes the Blob path Playwright can save (it cannot answer the file picker).
      beforeLoad: async (page) => {
        await page.addInitScript(() => Reflect.set(window, 'showSaveFilePicker', undefined));
      },
    });
    page = opened.page;
    await registerResultFixtures(page);
  });
  afterAll(async () => {
    await opened?.context.close();
    await Promise.allSettled([harness?.close(), fake?.stop()]);
  });

  it('keeps a ranking in its order with long labels sideways, none overlapping, each with its full name', async () => {
    await ask(page, 'How do the counties rank?');
    await waitForIdle(page);
    const chart = page.locator('.mw-chart svg.mw-plot').last();
    await chart.waitFor();
    expect(await chart.getAttribute('role')).toBe('img');
    expect(await chart.getAttribute('aria-label')).toBe('Bar chart of quakes by county');
    const boxes = await textBoxes(chart);
    const counties = boxes.filter((box) => box.text.includes('County'));
    expect(counties.map((box) => box.text.slice(0, 8))).toEqual([
      'Los Ange',
      'Kern Cou',
      'San Bern',
      'Riversid',
      'Imperial',
      'Alameda ',
      'Humboldt',
      'Mendocin',
      'Inyo Cou',
      'Mono Cou',
    ]);
    // Horizontal bars: the labels stack from top to bottom.
    const tops = counties.map((box) => box.top);
    expect(tops).toEqual([...tops].sort((one, other) => one - other));
    expect(overlapping(boxes)).toEqual([]);
    const titles = await chart.locator('text > title').allTextContents();
    expect(titles).toContain('San Bernardino County, California');
    expect(await page.locator('.mw-chart').last().textContent()).not.toContain('⚠');
  });

  it('keeps short labels upright, in the order of the rows, and shows a value on hover', async () => {
    await ask(page, 'How do the states rank?');
    await waitForIdle(page);
    const chart = page.locator('.mw-chart svg.mw-plot').last();
    await chart.waitFor();
    const boxes = await textBoxes(chart);
    const states = boxes.filter((box) => /^[A-Z]{2}$/.test(box.text));
    expect(states.map((box) => box.text)).toEqual(['TX', 'CA', 'AK', 'NV', 'OK', 'WA']);
    const lefts = states.map((box) => box.left);
    expect(lefts).toEqual([...lefts].sort((one, other) => one - other));
    expect(overlapping(boxes)).toEqual([]);
    // The first bar (TX, 90): hovering it shows its values in Plot's tip.
    const bar = chart.locator('rect').first();
    await bar.hover();
    await expect
      .poll(async () => (await chart.textContent()) ?? '', { timeout: 5_000 })
      .toMatch(/quakes\s*90/);
    // The tip is drawn anew on hover; no group of the chart carries a name of its own.
    expect(await chart.locator('g[aria-label]').count()).toBe(0);
  });

  it('reads monthly timestamps as months, and says which rows it left out', async () => {
    await page.mouse.move(0, 0);
    await ask(page, 'How many quakes per month?');
    await waitForIdle(page);
    const figure = page.locator('.mw-chart').last();
    const chart = figure.locator('svg.mw-plot');
    await chart.waitFor();
    const boxes = await textBoxes(chart);
    const dates = boxes.filter((box) => /\d{4}/.test(box.text));
    expect(dates.length).toBeGreaterThanOrEqual(3);
    for (const date of dates) expect(date.text).toMatch(/^[A-Z][a-z]{2} \d{4}$/);
    expect(await chart.textContent()).not.toContain('T00:00');
    expect(overlapping(boxes)).toEqual([]);
    expect(await figure.locator('.mw-chart-note').textContent()).toBe(
      '1 row without a value was left out.',
    );
    expect(await figure.textContent()).not.toContain('⚠');
    // Hovering the line shows the month as the axis writes it.
    await chart.hover();
    await expect
      .poll(async () => (await chart.textContent()) ?? '', { timeout: 5_000 })
      .toMatch(/month\s*[A-Z][a-z]{2} \d{4}[\s\u200b]*quakes\s*\d+/);
    await page.mouse.move(0, 0);

    await figure.getByRole('button', { name: 'Show data: the chart’s values as a table' }).click();
    const values = figure.getByRole('region', { name: 'Chart values' });
    expect(await values.locator('tbody tr').count()).toBe(24);
    expect(await values.locator('tbody tr').first().textContent()).toContain('Jan 1, 2001');

    const svg = await download(
      page,
      figure.getByRole('button', { name: 'Download SVG of the chart' }),
    );
    expect(svg.name).toBe('how-many-quakes-per-month.svg');
    const text = svg.bytes.toString('utf8');
    expect(text).toMatch(/^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(text).toContain('Jan 2001');
    const png = await download(
      page,
      figure.getByRole('button', { name: 'Download PNG of the chart' }),
    );
    expect(png.name).toBe('how-many-quakes-per-month.png');
    expect([...png.bytes.subarray(0, 8)]).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
    // Twice the chart's size, so it is sharp: 760 wide for a 380-pixel chart.
    expect(png.bytes.readUInt32BE(16)).toBe(760);
    await expectClean(opened);
  });

  it('labels a daily date axis over seven months without overlap or clipping, narrow and wide', async () => {
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await ask(page, `How many quakes per day (${width})?`);
      await waitForIdle(page);
      const chart = page.locator('.mw-chart svg.mw-plot').last();
      await chart.waitFor();
      await chart.scrollIntoViewIfNeeded();
      const svg = await chart.evaluate((node) => {
        const box = node.getBoundingClientRect();
        return { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
      });
      const boxes = await textBoxes(chart);
      const dates = boxes.filter((box) => /\d{4}/.test(box.text));
      expect(dates.length, `${width} px: date labels`).toBeGreaterThanOrEqual(2);
      expect(overlapping(dates), `${width} px`).toEqual([]);
      const outside = dates.filter(
        (box) =>
          box.left < svg.left - 0.5 ||
          box.right > svg.right + 0.5 ||
          box.top < svg.top - 0.5 ||
          box.bottom > svg.bottom + 0.5,
      );
      expect(
        outside.map((box) => box.text),
        `${width} px: labels outside the chart`,
      ).toEqual([]);
    }
    await page.setViewportSize(defaultViewport);
    await expectClean(opened);
  });

  it('draws only the rows in view of 100,000, scrolls to the last, and formats what it shows', async () => {
    await ask(page, 'Show every reading');
    await waitForIdle(page);
    const table = page.locator('.mw-result-table').last();
    const scroller = table.getByRole('region', { name: /Result table, 100,000 rows/ });
    await scroller.waitFor();
    expect(await scroller.getAttribute('tabindex')).toBe('0');
    expect(await table.locator('tbody tr').count()).toBeLessThan(80);
    const first = table.locator('tbody tr[data-row="0"] td');
    expect(await first.allTextContents()).toEqual(['1', 'Jan 1, 2001, 00:01 UTC', '1,234,567']);
    // The header stays at the top while the rows scroll under it.
    await scroller.evaluate((node) => (node.scrollTop = 50_000));
    await table.locator('tbody tr[data-row="1800"]').waitFor();
    const header = await table.locator('th').first().boundingBox();
    const region = await scroller.boundingBox();
    expect(Math.abs((header?.y ?? 0) - (region?.y ?? 0))).toBeLessThan(2);
    await scroller.evaluate((node) => (node.scrollTop = node.scrollHeight));
    const last = table.locator('tbody tr[data-row="99999"]');
    await last.waitFor();
    expect(await last.locator('td').first().textContent()).toBe('100,000');
    expect(await table.locator('tbody tr').count()).toBeLessThan(80);

    // Copying rows takes their raw values, as the CSV does.
    const copied = await table.locator('.mw-table-scroll').evaluate((node) => {
      const rows = node.querySelectorAll('tbody tr[data-row]');
      const range = document.createRange();
      range.setStartBefore(rows[0]!);
      range.setEndAfter(rows[1]!);
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      const event = new ClipboardEvent('copy', {
        clipboardData: new DataTransfer(),
        bubbles: true,
        cancelable: true,
      });
      rows[0]!.dispatchEvent(event);
      document.getSelection()!.removeAllRanges();
      return event.clipboardData!.getData('text/plain');
    });
    expect(copied.split('\n')[0]).toMatch(/^\d+\t2001-\d\d-\d\dT[\d:.]+Z\t\d+$/);

    const csv = await download(
      page,
      table.getByRole('button', {
        name: 'Download CSV of every row, in the order and filter shown',
      }),
    );
    expect(csv.name).toBe('show-every-reading.csv');
    const lines = csv.bytes.toString('utf8').split('\r\n');
    expect(lines[0]).toBe('reading,time,amount');
    expect(lines[1]).toBe('1,2001-01-01T00:01:00.000Z,1234567');
    expect(lines).toHaveLength(100_002);
  });

  it('draws a result on the map and charts it from the table’s buttons, without the model', async () => {
    await ask(page, 'Where are the quake places?');
    await waitForIdle(page);
    const requests = fake.requests.length;
    const table = page.locator('.mw-result-table').last();
    await table.getByRole('button', { name: 'Show on map: draw these rows on the map' }).click();
    await expect
      .poll(() =>
        page.evaluate(() => window.mapwright!.map!.map.getLayer('result-places') !== undefined),
      )
      .toBe(true);
    await table.getByRole('button', { name: 'Chart these rows under the table' }).click();
    const chart = table.locator('.mw-chart svg.mw-plot');
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toBe('Bar chart of quakes by name');
    expect(fake.requests.length).toBe(requests);
    // A table without coordinates offers no map button.
    expect(
      await page
        .locator('.mw-result-table')
        .first()
        .getByRole('button', { name: 'Show on map: draw these rows on the map' })
        .count(),
    ).toBe(0);
    // In a narrow chat the table scrolls sideways, and its edges fade while there is more that way.
    await page.setViewportSize({ width: 300, height: 800 });
    const frame = table.locator('.mw-table-frame');
    await expect.poll(() => frame.getAttribute('data-scroll-end')).toBe('true');
    expect(await frame.getAttribute('data-scroll-start')).toBe('false');
    await table
      .locator('.mw-table-scroll')
      .evaluate((node) => (node.scrollLeft = node.scrollWidth));
    await expect.poll(() => frame.getAttribute('data-scroll-start')).toBe('true');
    expect(await frame.getAttribute('data-scroll-end')).toBe('false');
    await expectClean(opened);
  });
});
