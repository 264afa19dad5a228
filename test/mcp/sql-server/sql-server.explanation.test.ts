import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlToolDefinitions } from '../../../src/mcp/sql-server/sql-tools';
import { startSqlHub } from '../sql-server-fixture';

function queryProperties(explanation?: boolean): Record<string, unknown> {
  const query = sqlToolDefinitions({
    writable: false,
    rowCap: 100,
    ...(explanation === undefined ? {} : { explanation }),
  }).find((tool) => tool.name === 'query');
  return (query?.inputSchema.properties ?? {}) as Record<string, unknown>;
}

describe('the query tool’s explanation argument', () => {
  let setup: Awaited<ReturnType<typeof startSqlHub>>;
  beforeAll(async () => {
    setup = await startSqlHub();
  });
  afterAll(() => setup.close());

  it('is offered, optional, unless switched off', () => {
    expect(queryProperties()).toHaveProperty('explanation');
    expect(queryProperties(false)).not.toHaveProperty('explanation');
    const query = sqlToolDefinitions({ writable: false, rowCap: 100 }).find(
      (tool) => tool.name === 'query',
    );
    expect(query?.inputSchema.required).toEqual(['sql_query']);
  });

  it('reaches the model’s tool list and is ignored when the query runs', async () => {
    const spec = setup.registry.specs().find((tool) => tool.name === 'query');
    expect(JSON.stringify(spec?.inputSchema)).toContain('what this query finds and why');
    const result = await setup.registry.execute(
      {
        id: 'call-1',
        name: 'query',
        arguments: {
          sql_query: 'SELECT count(*) AS airports FROM airports',
          explanation: 'Counts the airports to size the map.',
        },
      },
      { signal: new AbortController().signal },
    );
    expect(result.isError).toBeFalsy();
    expect(result.content).toContain('3376');
    expect(result.content).not.toContain('size the map');
  });
});
