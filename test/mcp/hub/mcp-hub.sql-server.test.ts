import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationDocument } from '../../../src/agent/conversation/conversation-document';
import { reduceConversation } from '../../../src/agent/conversation/conversation-reducer';
import { ROW_CAPS } from '../../../src/config/row-caps';
import { QueryCancelledError } from '../../../src/data/query-errors';
import { slowSql, startSqlHub } from '../sql-server-fixture';
import type { AgentEvent } from '../../../src/agent/types';

const never = new AbortController().signal;
const call = (name: string, args: Record<string, unknown>, signal = never) => ({
  call: { id: `call-${name}`, name, arguments: args },
  options: { signal },
});

describe('the hub against the in-page SQL server (in-memory transport)', () => {
  let setup: Awaited<ReturnType<typeof startSqlHub>>;
  beforeAll(async () => {
    setup = await startSqlHub({ timeoutMs: 400 });
  });
  afterAll(() => setup.close());

  it('connects, reports the status and registers the three SQL tools with the server as origin', () => {
    expect(setup.statuses.map((event) => event.status)).toEqual(['connecting', 'connected']);
    const tools = setup.registry.list().filter((tool) => tool.origin.kind === 'mcp');
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'describe_table',
      'list_tables',
      'query',
    ]);
    expect(tools[0]?.origin).toMatchObject({ kind: 'mcp', serverId: 'embedded' });
  });

  it('lists tables with their row counts', async () => {
    const { call: toolCall, options } = call('list_tables', {});
    const result = await setup.registry.execute(toolCall, options);
    expect(result.isError).toBeFalsy();
    expect(result.content).toContain('airports (3376 rows)');
  });

  it('describes a table with types and example values', async () => {
    const { call: toolCall, options } = call('describe_table', { table: 'airports' });
    const result = await setup.registry.execute(toolCall, options);
    expect(result.content).toContain('airports: 3376 rows');
    expect(result.content).toMatch(/- state VARCHAR e\.g\. "/);
    expect(result.content).toContain('- latitude DOUBLE');
  });

  it('answers a query with a compact table for the model and all rows for the UI', async () => {
    const { call: toolCall, options } = call('query', {
      sql_query: 'SELECT iata, state FROM airports ORDER BY iata',
      max_rows: 100,
    });
    const result = await setup.registry.execute(toolCall, options);
    expect(result.isError).toBeFalsy();
    const lines = result.content.split('\n');
    expect(lines[0]).toMatch(new RegExp(`^3376 rows; showing the first ${ROW_CAPS.toModel}\\b`));
    expect(lines[1]).toBe('iata (VARCHAR) | state (VARCHAR)');
    expect(lines).toHaveLength(2 + ROW_CAPS.toModel + 1);
    expect(result.content).toContain('cut at 100 rows');
    // The data says "a table" with its columns, total and id; its rows travel one way, into the store.
    expect(result.data).toEqual({
      kind: 'table',
      resultId: expect.any(String),
      columns: [
        { name: 'iata', type: 'VARCHAR' },
        { name: 'state', type: 'VARCHAR' },
      ],
      totalRows: 3376,
      truncated: true,
      sql: 'SELECT iata, state FROM airports ORDER BY iata',
    });
    const resultId = result.data?.kind === 'table' ? (result.data.resultId ?? '') : '';
    const stored = setup.resultStore.get(resultId);
    expect(stored?.rows).toHaveLength(100);
    expect(stored?.rows[0]).toEqual({ iata: '00M', state: 'MS' });
    expect(stored?.totalRows).toBe(3376);
    expect(stored?.serverId).toBe('embedded');
    expect(stored?.columns.map((column) => column.name)).toEqual(['iata', 'state']);
  });

  it('stores a query’s rows once: in the ResultStore, not in the conversation document', async () => {
    const toolCall = {
      id: 'q2',
      name: 'query',
      arguments: { sql_query: 'SELECT iata FROM airports' },
    };
    const result = await setup.registry.execute(toolCall, { signal: never });
    let document = createConversationDocument('c', 0);
    for (const event of [
      { type: 'turn-start', runId: 'run', userMessage: 'airports?' },
      { type: 'round-start', runId: 'run', round: 0 },
      {
        type: 'tool-call-end',
        runId: 'run',
        round: 0,
        callIndex: 0,
        call: toolCall,
        result,
        status: 'success',
        durationMs: 1,
      },
    ] satisfies AgentEvent[]) {
      document = reduceConversation(document, { type: 'agent-event', event, at: 1 });
    }
    const record = document.turns[0]?.rounds[0]?.calls[0];
    expect(record?.data).toMatchObject({ kind: 'table', totalRows: 3376 });
    expect(record?.data).not.toHaveProperty('rows');
    const stored = setup.resultStore.get(record?.resultId ?? '')?.rows ?? [];
    expect(stored).toHaveLength(1000);
    // The model read the first rows (ROW_CAPS.toModel); row 500 is only in the store.
    expect(JSON.stringify(document)).not.toContain(`"${String(stored[500]?.iata)}"`);
    expect(JSON.stringify(document)).not.toContain(`\n${String(stored[500]?.iata)}\n`);
  });

  it('refuses a write with a clear error and leaves the table alone', async () => {
    const { call: toolCall, options } = call('query', { sql_query: 'DROP TABLE airports' });
    const result = await setup.registry.execute(toolCall, options);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/read-only/);
    expect(await setup.engine.listTables()).toContain('airports');
  });

  it('reports bad SQL as an error result, not an exception', async () => {
    const { call: toolCall, options } = call('query', { sql_query: 'SELECT nope FROM airports' });
    const result = await setup.registry.execute(toolCall, options);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/nope/);
  });

  it('stops a long query at the server timeout and says how to fix it', async () => {
    const started = Date.now();
    const { call: toolCall, options } = call('query', { sql_query: slowSql });
    const result = await setup.registry.execute(toolCall, options);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/longer than 400 ms/);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});

describe('cancelling a query through MCP', () => {
  it('interrupts the query on the server when the caller aborts', async () => {
    const setup = await startSqlHub({ timeoutMs: 60_000 });
    const seen: unknown[] = [];
    const query = setup.engine.query.bind(setup.engine);
    setup.engine.query = (sql, options) => {
      const running = query(sql, options);
      running.catch((error: unknown) => seen.push(error));
      return running;
    };
    try {
      const controller = new AbortController();
      const { call: toolCall } = call('query', { sql_query: slowSql });
      const pending = setup.registry.execute(toolCall, { signal: controller.signal });
      await new Promise((resolve) => setTimeout(resolve, 300));
      controller.abort();
      const result = await pending;
      expect(result.isError).toBe(true);
      await expect.poll(() => seen[0], { timeout: 3000 }).toBeInstanceOf(QueryCancelledError);
    } finally {
      await setup.close();
    }
  });
});
