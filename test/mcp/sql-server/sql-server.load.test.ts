// Heavy queries cannot hang the Node SQL server: each is stopped by its timeout or turned away as busy,
// DuckDB really lets it go, and a small query still gets its answer.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, slowSql } from '../sql-server-fixture';
import { startMcpServerScript, type ScriptServer } from '../start-mcp-server-script';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const timeoutMs = 4000;
const heavyCalls = 16;

interface Answer {
  text: string;
  isError: boolean;
  afterMs: number;
}

describe('the Node SQL server under a burst of heavy queries', () => {
  let served: ScriptServer;
  let client: Client;

  beforeAll(async () => {
    served = await startMcpServerScript([
      '--data',
      `${datasets}/airports.csv`,
      '--timeout-ms',
      String(timeoutMs),
    ]);
    client = new Client({ name: 'load-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(served.url)));
  }, 40_000);
  afterAll(async () => {
    await client?.close().catch(() => {});
    await served?.stop();
  });

  /** Calls `query`; gives up on the client side after 15 s, so a hung server fails the test. */
  async function query(sql: string): Promise<Answer> {
    const sent = performance.now();
    const answer = (text: string, isError: boolean) => ({
      text,
      isError,
      afterMs: performance.now() - sent,
    });
    try {
      const result = (await client.callTool(
        { name: 'query', arguments: { sql_query: sql } },
        undefined,
        { timeout: 15_000 },
      )) as CallToolResult;
      const first = result.content[0];
      return answer(first?.type === 'text' ? first.text : '', result.isError === true);
    } catch (error) {
      return answer(`no answer: ${String(error)}`, true);
    }
  }

  it(`stops ${heavyCalls} heavy queries with a ${timeoutMs} ms timeout and keeps answering SELECT 1`, async () => {
    const storm = Array.from({ length: heavyCalls }, () => query(slowSql));
    await new Promise((done) => setTimeout(done, 500));
    const during = await query('SELECT 1 AS one');
    expect(during.afterMs).toBeLessThan(5000);
    if (during.isError) expect(during.text).toMatch(/^The SQL server is busy/);

    const answers = await Promise.all(storm);
    for (const answer of answers) {
      expect(answer.isError).toBe(true);
      expect(answer.text).toMatch(/^The query took longer than 4000 ms|^The SQL server is busy/);
      // A query waits at most its timeout for a slot, then runs at most its timeout.
      expect(answer.afterMs).toBeLessThan(2 * timeoutMs + 2000);
    }
    // Some ran until their timeout stopped them; the others were turned away instead of piling up.
    const timedOut = answers.filter((answer) => answer.text.startsWith('The query took longer'));
    expect(timedOut.length).toBeGreaterThanOrEqual(1);

    const after = await query('SELECT 1 AS one');
    expect(after.isError, after.text).toBe(false);
    expect(after.afterMs).toBeLessThan(5000);
  }, 40_000);
});
