// The SQL server as any MCP client sees it: unknown tools are protocol errors, and query lines arrive as
// log messages filtered by the level the client set.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import {
  ErrorCode,
  LoggingMessageNotificationSchema,
  type LoggingMessageNotification,
} from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { createSqlServer } from '../../../src/mcp';
import { datasets } from '../sql-server-fixture';

describe('the SQL server over MCP', () => {
  const engine = new DuckDbNodeEngine();
  const client = new Client({ name: 'protocol-test', version: '1' });
  const logs: LoggingMessageNotification['params'][] = [];

  beforeAll(async () => {
    await engine.load({ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await createSqlServer({ engine, nextResultId: () => 'r1' }).connect(serverSide);
    await client.connect(clientSide);
    client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
      logs.push(notification.params);
    });
  });
  afterAll(async () => {
    await client.close();
    await engine.close();
  });

  it('answers an unknown tool with InvalidParams naming the tools it has', async () => {
    await expect(client.callTool({ name: 'drop_everything', arguments: {} })).rejects.toMatchObject(
      {
        code: ErrorCode.InvalidParams,
        message: expect.stringContaining('Tools: list_tables, describe_table, query'),
      },
    );
  });

  it('logs one info line per query, and none once the client asks for warnings only', async () => {
    expect(client.getServerCapabilities()?.logging).toEqual({});
    const query = { name: 'query', arguments: { sql_query: 'SELECT 1 AS one' } };
    await client.callTool(query);
    await expect
      .poll(() => logs)
      .toEqual([
        { level: 'info', logger: 'query', data: expect.stringMatching(/^r1: 1 rows in \d+ ms$/) },
      ]);
    await client.setLoggingLevel('warning');
    await client.callTool(query);
    await new Promise((settle) => setTimeout(settle, 50));
    expect(logs).toHaveLength(1);
  });
});
