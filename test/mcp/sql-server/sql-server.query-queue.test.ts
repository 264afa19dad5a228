// The SQL server shares its query slots across sessions: past the limit a call waits, past the line it is
// told the server is busy, and a cancelled call leaves the line without running.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { describe, expect, it } from 'vitest';
import { createSqlServer } from '../../../src/mcp';
import { QueryQueue } from '../../../src/mcp/sql-server/query-queue';
import type { DataEngine, QueryResult } from '../../../src/data/data-engine';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/** An engine whose queries finish when the test says so, and which records what it was asked. */
function heldEngine() {
  const asked: string[] = [];
  const finishers: Array<() => void> = [];
  const engine: DataEngine = {
    load: async () => {},
    listTables: async () => [],
    describe: () => Promise.reject(new Error('not used')),
    close: async () => {},
    drop: async () => {},
    query: (sql) => {
      asked.push(sql);
      return new Promise<QueryResult>((resolve) => {
        finishers.push(() =>
          resolve({
            columns: [{ name: 'one', type: 'INTEGER' }],
            rows: [{ one: 1 }],
            totalRows: 1,
            truncated: false,
            elapsedMs: 1,
          }),
        );
      });
    },
  };
  return { engine, asked, finishAll: () => finishers.splice(0).forEach((finish) => finish()) };
}

/** A client in its own session of a server that shares `queue`. */
async function sessionOf(engine: DataEngine, queue: QueryQueue): Promise<Client> {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await createSqlServer({ engine, queryQueue: queue }).connect(serverSide);
  const client = new Client({ name: 'queue-test', version: '1.0.0' });
  await client.connect(clientSide);
  return client;
}

const query = (client: Client, sql: string, signal?: AbortSignal) =>
  client.callTool({ name: 'query', arguments: { sql_query: sql } }, undefined, {
    ...(signal ? { signal } : {}),
  }) as Promise<CallToolResult>;

const textOf = (result: CallToolResult) =>
  result.content.map((part) => (part.type === 'text' ? part.text : '')).join('');

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((done) => setImmediate(done));
}

describe('the SQL server with a shared query queue', () => {
  it('tells a second session the server is busy while the only slot is taken', async () => {
    const { engine, asked, finishAll } = heldEngine();
    const queue = new QueryQueue({ maxConcurrent: 1, maxQueued: 0 });
    const first = await sessionOf(engine, queue);
    const second = await sessionOf(engine, queue);
    const running = query(first, 'SELECT 1 AS one');
    await until(() => asked.length === 1);

    const refused = await query(second, 'SELECT 2 AS two');
    expect(refused.isError).toBe(true);
    expect(textOf(refused)).toMatch(/^The SQL server is busy: .*Try again in a few seconds\.$/);
    expect(asked).toEqual(['SELECT 1 AS one']);

    finishAll();
    expect((await running).isError).toBeFalsy();
    const later = query(second, 'SELECT 2 AS two');
    await until(() => asked.length === 2);
    finishAll();
    expect((await later).isError).toBeFalsy();
    await Promise.all([first.close(), second.close()]);
  });

  it('takes a cancelled call out of the line, so its query never runs', async () => {
    const { engine, asked, finishAll } = heldEngine();
    const queue = new QueryQueue({ maxConcurrent: 1, maxQueued: 4 });
    const client = await sessionOf(engine, queue);
    const running = query(client, 'SELECT 1 AS one');
    await until(() => asked.length === 1);
    const controller = new AbortController();
    const cancelled = query(client, 'SELECT 2 AS two', controller.signal);
    await until(() => queue.waiting === 1);

    controller.abort();
    await expect(cancelled).rejects.toThrow();
    await until(() => queue.waiting === 0);
    finishAll();
    await running;
    expect(asked).toEqual(['SELECT 1 AS one']);
    expect(queue.running).toBe(0);
    await client.close();
  });
});
