// The MCP servers settings and the export buttons in the built app: a server with nothing listening
// shows its error and can be disabled and removed; a conversation with a secret in a tool argument, whose
// table the person charted, exports as Markdown and JSON with the call, its result and the chart (an SVG
// image in the Markdown), the secret masked.
import { afterAll, describe, expect, it } from 'vitest';
import { startFakeLlm } from '../../servers/fake-llm/fake-llm-server';
import {
  ask,
  deadLoopbackPort,
  expectClean,
  newConversation,
  openChat as openChatPage,
  useAppWithModel,
  visibleText,
  waitForData,
  waitForIdle,
  type ContractPage,
} from '../chat-page';
import { downloadedText, waitInPage } from '../harness';
import type { FakeLlmScript } from '../../servers/fake-llm/fake-llm-script';
import type { Page } from 'playwright-core';

const SECRET = 's3cretPass9';
const SECRET_SQL = `SELECT 'https://analyst:${SECRET}@data.example.com/flights.csv' AS source, 4242 AS answer`;

const TOKEN = 'tok-98765-zz';
// Named plainly: a column named like a credential (auth, token) is masked whole in the table.
const TOKEN_SQL = "SELECT 'user:{{secret:WAREHOUSE_TOKEN}}' AS who, 4343 AS answer";

const script: FakeLlmScript = {
  tokenDelayMs: 2,
  rules: [
    {
      user: 'signed-in source',
      reply: {
        text: 'Signing in to the source.',
        toolCalls: [{ name: 'query', arguments: { sql_query: TOKEN_SQL } }],
      },
    },
    {
      user: 'signed-in source',
      toolResult: '4343',
      reply: { text: 'The signed-in source answers **4343**.' },
    },
    {
      user: 'private source',
      reply: {
        text: 'Reading the private source.',
        toolCalls: [{ name: 'query', arguments: { sql_query: SECRET_SQL } }],
      },
    },
    {
      user: 'private source',
      toolResult: '4242',
      reply: { text: 'The private source answers **4242**.' },
    },
  ],
  fallback: { text: 'No script for that.' },
};

describe('settings and export in the browser', () => {
  const app = useAppWithModel(script);

  async function openChat(): Promise<ContractPage> {
    const opened = await openChatPage(app.harness.browser, app.harness.appUrl, {
      endpoint: app.fake.url,
    });
    // The MCP section appears once the data side (the hub) has started.
    await waitForData(opened.page);
    return opened;
  }

  // The credentials, the MCP servers and the export share one booted page, each test on a New chat
  // with the settings closed (the API key test changes the model's endpoint, so it boots its own).
  let shared: ContractPage | undefined;
  async function sharedChat(): Promise<ContractPage> {
    shared ??= await openChat();
    const close = shared.page.getByRole('button', { name: 'Close the settings' });
    if (await close.isVisible()) await close.click();
    await newConversation(shared.page);
    return shared;
  }
  afterAll(async () => {
    await shared?.context.close();
  });

  const serverRow = (page: Page, name: string) =>
    page.locator('.mw-server', { has: page.locator('strong', { hasText: name }) });

  it('data credentials: filled into the approved query only when it runs; the model, the card and the table see the placeholder', async () => {
    const opened = await sharedChat();
    const { page } = opened;
    await page.getByRole('button', { name: 'Open the settings' }).click();
    await page.getByRole('textbox', { name: 'Credential name' }).fill('WAREHOUSE_TOKEN');
    await page.getByLabel('Credential value').fill(TOKEN);
    await page.getByRole('button', { name: 'Save credential for data access' }).click();
    expect(await page.locator('.mw-credentials').textContent()).toContain(
      '{{secret:WAREHOUSE_TOKEN}}',
    );
    await page.getByRole('button', { name: 'Close the settings' }).click();
    // Not ticked "remember": kept for this tab only.
    expect(await page.evaluate(() => localStorage.getItem('mapwright.credentials'))).toBeNull();
    expect(await page.evaluate(() => sessionStorage.getItem('mapwright.credentials'))).toContain(
      'WAREHOUSE_TOKEN',
    );

    const before = app.fake.requests.length;
    await ask(page, 'What does the signed-in source say?');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    expect(await card.locator('.cm-content').textContent()).toContain('{{secret:WAREHOUSE_TOKEN}}');
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer strong', { hasText: '4343' }).waitFor();
    await waitForIdle(page);
    // The query ran with the value (the row came back), but the row is shown with the placeholder.
    expect(await page.locator('.mw-result-table').textContent()).toContain(
      'user:{{secret:WAREHOUSE_TOKEN}}',
    );
    expect(await visibleText(page)).not.toContain(TOKEN);
    const sent = JSON.stringify(app.fake.requests.slice(before).map((request) => request.body));
    expect(sent).toContain('{{secret:WAREHOUSE_TOKEN}}');
    expect(sent).not.toContain(TOKEN);
    const exported = await page.evaluate(
      () => JSON.stringify(localStorage) + JSON.stringify(indexedDB),
    );
    expect(exported).not.toContain(TOKEN);
    await expectClean(opened);
  });

  it('API key: after editing only the endpoint, Test connection, Save and the next question send no key to the new host', async () => {
    const key = 'sk-bound-key-0123456789abcdefghij';
    const other = await startFakeLlm({ script });
    try {
      const opened = await openChatPage(app.harness.browser, app.harness.appUrl, {
        endpoint: app.fake.url,
        apiKey: key,
      });
      const { page } = opened;
      await page.getByRole('button', { name: 'Open the settings' }).click();
      expect(await page.locator('.mw-api-key').inputValue()).toBe(key);
      await page.locator('.mw-endpoint').fill(other.url);
      expect(await page.locator('.mw-api-key').inputValue()).toBe('');
      await page.getByRole('button', { name: 'Test connection to the model' }).click();
      await page.locator('.mw-connection-report[data-ok="true"]').waitFor();
      await page.getByRole('button', { name: 'Save the language model settings' }).click();
      await page.getByRole('button', { name: 'Close the settings' }).click();
      await ask(page, 'hello there');
      await page.locator('.mw-answer', { hasText: 'No script for that.' }).waitFor();
      await waitForIdle(page);
      expect(other.requests.length).toBeGreaterThanOrEqual(2);
      expect(JSON.stringify(other.requests)).not.toContain(key);
      await expectClean(opened);
      await opened.context.close();
    } finally {
      await other.stop();
    }
  });

  it('MCP servers: an unreachable server shows its error; Disable keeps it off after a reload; Remove forgets it', async () => {
    const opened = await sharedChat();
    const { page } = opened;
    const port = await deadLoopbackPort();
    await page.getByRole('button', { name: 'Open the settings' }).click();
    await page.getByRole('textbox', { name: 'New server id' }).fill('warehouse');
    await page
      .getByRole('textbox', { name: 'New server URL' })
      .fill(`http://127.0.0.1:${port}/mcp`);
    await page.getByRole('button', { name: 'Add server to the MCP servers' }).click();

    const row = serverRow(page, 'warehouse');
    await row.locator('.mw-badge[data-status="error"]').waitFor({ timeout: 30_000 });
    // Nothing answers, not even a request CORS does not stop: the server is down, and it is not blamed
    // on CORS (no bridge command: a bridge would not help).
    const lastError = await row.locator('.mw-note', { hasText: 'Last error:' }).textContent();
    expect(lastError).toMatch(
      /^Last error: Cannot reach http:\/\/127\.0\.0\.1:\d+\/mcp: nothing answers there, so the server is down or the address is wrong\. Check that it is running, and its URL and port\.$/,
    );
    expect(lastError).not.toContain('CORS');
    expect(await row.locator('.mw-bridge-advice').count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Reconnect server warehouse' }).count()).toBe(1);
    const saved = () =>
      page.evaluate(() => JSON.parse(localStorage.getItem('mapwright.mcpServers') ?? '[]'));
    expect(await saved()).toEqual([{ id: 'warehouse', url: `http://127.0.0.1:${port}/mcp` }]);

    await row.getByRole('button', { name: 'Disable server warehouse' }).click();
    await row.locator('.mw-badge[data-status="disconnected"]').waitFor();
    expect(await row.getByRole('button', { name: 'Enable server warehouse' }).count()).toBe(1);
    expect(await saved()).toEqual([
      { id: 'warehouse', url: `http://127.0.0.1:${port}/mcp`, enabled: false },
    ]);

    await page.reload();
    await page.waitForSelector('#chat[data-chat-ready="true"]');
    await waitInPage(page, () =>
      (window as unknown as { mapwright: { data: Promise<unknown> } }).mapwright.data.then(
        (started) => started !== undefined,
      ),
    );
    await page.getByRole('button', { name: 'Open the settings' }).click();
    const again = serverRow(page, 'warehouse');
    await again.waitFor();
    expect(await again.locator('.mw-badge').getAttribute('data-status')).toBe('disconnected');

    await again.getByRole('button', { name: 'Remove server warehouse' }).click();
    await again.waitFor({ state: 'detached' });
    expect(await saved()).toEqual([]);
    // The embedded server stays, and cannot be removed.
    expect(await page.locator('.mw-server').count()).toBe(1);
    expect(await page.getByRole('button', { name: /^Remove server/ }).count()).toBe(0);
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
  });

  it('export: Markdown and JSON hold the call, its result and the person’s chart, with the secret masked', async () => {
    const opened = await sharedChat();
    const { page } = opened;
    await page.fill('.mw-input', 'What does the private source say?');
    await page.press('.mw-input', 'Enter');
    const card = page.locator('.mw-approval-card');
    await card.waitFor();
    // The SQL holds a secret: shown masked and read-only, so the mask can never run as a value.
    expect(await card.locator('.cm-content').textContent()).toContain('analyst:[REDACTED]@');
    expect(await card.locator('.cm-content').getAttribute('contenteditable')).toBe('false');
    await card.locator('.mw-masked-sql').waitFor();
    await card.getByRole('button', { name: 'Approve query' }).click();
    await page.locator('.mw-answer strong', { hasText: '4242' }).waitFor({ timeout: 60_000 });
    await page.locator('.mw-chat[data-status="idle"]').waitFor();
    // The real SQL ran (its result reached the model), not the masked text.
    const toolResult = JSON.stringify(app.fake.requests.at(-1)?.body.messages?.at(-1)?.content);
    expect(toolResult).toContain('4242');
    await page.getByRole('button', { name: 'Chart these rows under the table' }).click();
    await page.locator('.mw-result-table .mw-chart svg.mw-plot').waitFor();

    const download = async (name: string): Promise<{ file: string; text: string }> => {
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name }).click(),
      ]);
      return { file: file.suggestedFilename(), text: await downloadedText(file) };
    };
    await page.getByRole('button', { name: 'Conversations', exact: true }).click();
    const markdown = await download('Export Markdown');
    const json = await download('Export JSON');
    const today = await page.evaluate(() => {
      const now = new Date();
      const pad = (value: number) => String(value).padStart(2, '0');
      return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
    });
    expect(markdown.file).toBe(`what-does-the-private-source-say-${today}.md`);
    expect(json.file).toBe(`what-does-the-private-source-say-${today}.json`);

    expect(markdown.text).toContain('What does the private source say?');
    expect(markdown.text).toMatch(/### Tool call: Query · Bundled data \(success\)/);
    expect(markdown.text).toContain("'https://analyst:[REDACTED]@data.example.com/flights.csv'");
    expect(markdown.text).toMatch(/Result:[\s\S]*4242/);
    expect(markdown.text).toContain('The private source answers **4242**.');
    expect(markdown.text).toMatch(
      /\| source \| answer \|\n\| --- \| --- \|\n\| .*\[REDACTED\].* \| 4242 \|/,
    );
    // The chart the person drew is an SVG image in the file, its bar labelled with the masked source.
    const image =
      /!\[Chart: Bar chart of answer by source\]\(data:image\/svg\+xml;base64,([^)]+)\)/.exec(
        markdown.text,
      );
    const svg = Buffer.from(image?.[1] ?? '', 'base64').toString('utf8');
    expect(svg).toMatch(/^<svg [^>]*class="mw-plot"/);
    expect(svg).toContain('[REDACTED]');
    expect(svg).not.toContain(SECRET);
    // Well-formed, as an image viewer reads it.
    expect(
      await page.evaluate(
        (text) =>
          new DOMParser().parseFromString(text, 'image/svg+xml').querySelector('parsererror') ===
          null,
        svg,
      ),
    ).toBe(true);

    const exported = JSON.parse(json.text) as {
      turns: {
        toolCalls: {
          tool: string;
          status: string;
          arguments: { sql_query: string };
          result: string;
          rows?: Record<string, unknown>[];
          resultId?: string;
          personChart?: { kind: string; x: string; y?: string; resultId: string };
        }[];
      }[];
    };
    const call = exported.turns[0]?.toolCalls[0];
    expect(call?.tool).toBe('query');
    expect(call?.status).toBe('success');
    expect(call?.arguments.sql_query).toContain('analyst:[REDACTED]@');
    expect(call?.result).toContain('4242');
    expect(call?.rows?.[0]).toMatchObject({ answer: 4242 });
    expect(JSON.stringify(call?.rows)).toContain('[REDACTED]');
    expect(call?.resultId).toBeTruthy();
    expect(call?.personChart).toMatchObject({
      kind: 'bar',
      x: 'source',
      y: 'answer',
      resultId: call?.resultId,
    });

    for (const text of [markdown.text, json.text]) {
      expect(text).toContain('[REDACTED]');
      expect(text).not.toContain(SECRET);
    }
    expect(opened.pageErrors).toEqual([]);
    expect(opened.outsideRequests).toEqual([]);
  });
});
