// The lower half of the settings on a phone: every tool's approval select stays on its tool's row, in one
// aligned column, a long tool name is cut with an ellipsis (whole in its title), and the switches, fields
// and buttons of the credentials and MCP sections are 44 px touch targets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeLlm, type FakeLlm } from '../../servers/fake-llm/fake-llm-server';
import { expectClean } from '../chat-page';
import { startAppHarness, type AppHarness } from '../harness';
import { openShowcase, phoneViewport, showSettings } from '../showcase';

let harness: AppHarness;
let fake: FakeLlm;

beforeAll(async () => {
  [harness, fake] = await Promise.all([startAppHarness(), startFakeLlm({ script: { rules: [] } })]);
});
afterAll(async () => {
  await Promise.allSettled([harness?.close(), fake?.stop()]);
});

describe('the settings sections on a phone', () => {
  it('keeps each approval select on its tool’s row, aligned, and every control a touch target', async () => {
    const opened = await openShowcase(harness.browser, harness.appUrl, fake.url, {
      viewport: phoneViewport,
      colorScheme: 'light',
    });
    const { page } = opened;
    await showSettings(page);
    const tools = page.getByRole('table', { name: 'Tools of Bundled data' });
    await tools.locator('tbody tr').first().waitFor();
    // The bundled server's tool names are short: one is lengthened to what another server may send.
    const longName = 'describe_table_with_a_name_longer_than_a_phone_is_wide';
    await tools
      .locator('.mw-tool-name')
      .first()
      .evaluate((name, text) => {
        name.textContent = text;
      }, longName);

    const rows = await tools.locator('tbody tr').evaluateAll((found) =>
      found.map((row) => {
        const name = row.querySelector('.mw-tool-name') as HTMLElement;
        const box = (selector: string) => row.querySelector(selector)!.getBoundingClientRect();
        return {
          label: box('label'),
          select: box('select'),
          cut: name.scrollWidth > name.clientWidth,
        };
      }),
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    const [first] = rows;
    for (const row of rows) {
      const middle = (rect: DOMRect) => rect.top + rect.height / 2;
      expect(Math.abs(middle(row.select) - middle(row.label))).toBeLessThan(4);
      expect(row.select.left).toBe(first?.select.left);
      expect(row.select.right).toBeLessThanOrEqual(phoneViewport.width);
      expect(row.label.right).toBeLessThanOrEqual(row.select.left);
      expect(row.label.height).toBeGreaterThanOrEqual(44);
    }
    expect(rows.map((row) => row.cut)).toEqual([true, ...rows.slice(1).map(() => false)]);

    const heights = await page
      .locator(
        ':is(.mw-credential-settings, .mw-mcp-settings) :is(button, select, input:not([type=checkbox]), .mw-field-checkbox label)',
      )
      .evaluateAll((controls) =>
        controls.map((control) => ({
          name: control.getAttribute('aria-label') ?? control.textContent,
          height: control.getBoundingClientRect().height,
        })),
      );
    expect(heights.filter((control) => control.height < 44)).toEqual([]);
    await expectClean(opened);
    await opened.context.close();
  });
});
