// The data side as the app starts it: the embedded SQL server shows the model as many rows of a result
// as limits.maxRowsToModel says (the rest stay in the page, by result_id).
import { afterEach, describe, expect, it } from 'vitest';
import { startData, type StartedData } from '../../src/app/data-wiring';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { ResultStore } from '../../src/tools/result-store';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { datasets } from '../mcp/sql-server-fixture';

let started: StartedData | undefined;

afterEach(async () => {
  await started?.hub.close();
  await started?.engine.close();
  started = undefined;
});

async function queryAirports(maxRowsToModel: number | undefined) {
  const registry = new ToolRegistry();
  const resultStore = new ResultStore();
  started = await startData({
    datasets: [{ table: 'airports', format: 'csv', url: `${datasets}/airports.csv` }],
    mcpServers: [],
    registry,
    resultStore,
    createEngine: () => new DuckDbNodeEngine(),
    ...(maxRowsToModel === undefined ? {} : { maxRowsToModel }),
  });
  const result = await registry.execute(
    {
      id: 'q',
      name: 'query',
      arguments: { sql_query: 'SELECT iata FROM airports ORDER BY iata', max_rows: 200 },
    },
    { signal: new AbortController().signal },
  );
  const resultId = result.data?.kind === 'table' ? result.data.resultId : undefined;
  return { result, stored: resultStore.get(resultId ?? '') };
}

describe('limits.maxRowsToModel', () => {
  it('sets how many rows of a result the model reads as text; the page holds them all', async () => {
    const { result, stored } = await queryAirports(7);
    const lines = result.content.split('\n');
    expect(lines[0]).toMatch(/^3376 rows; showing the first 7 \(3369 not shown here\)/);
    expect(lines.slice(2, 9)).toEqual(['00M', '00R', '00V', '01G', '01J', '01M', '02A']);
    expect(lines[9]).toMatch(/^Note: the result was cut at 200 rows/);
    expect(stored?.rows).toHaveLength(200);
  });

  it('shows none when it is 0', async () => {
    const { result } = await queryAirports(0);
    expect(result.content.split('\n')).toHaveLength(3);
    expect(result.content).toMatch(/showing the first 0/);
  });
});

describe('explainCalls.explanationArgument', () => {
  it("decides whether the embedded server's query tool offers the explanation argument", async () => {
    for (const explanationArgument of [true, false]) {
      const registry = new ToolRegistry();
      started = await startData({
        datasets: [],
        mcpServers: [],
        registry,
        resultStore: new ResultStore(),
        createEngine: () => new DuckDbNodeEngine(),
        explanationArgument,
      });
      const properties = registry.get('query')?.inputSchema.properties as Record<string, unknown>;
      expect('explanation' in properties).toBe(explanationArgument);
      await started.hub.close();
      await started.engine.close();
      started = undefined;
    }
  });
});

describe('limits.toolTimeoutMs', () => {
  it('is the embedded server’s time limit too: a long query stops at it, not at a fixed 30 s', async () => {
    // The registry's own limit is set far away, so only the server's can stop the query.
    const registry = new ToolRegistry({ defaultTimeoutMs: 600_000 });
    started = await startData({
      datasets: [],
      mcpServers: [],
      registry,
      resultStore: new ResultStore(),
      createEngine: () => new DuckDbNodeEngine(),
      toolTimeoutMs: 500,
    });
    const startedAt = Date.now();
    const result = await registry.execute(
      {
        id: 'slow',
        name: 'query',
        arguments: { sql_query: 'SELECT count(*) FROM range(50000000000) t(x) WHERE x % 7 = 3' },
      },
      { signal: new AbortController().signal },
    );
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(/time|stopped|cancel/i);
    expect(Date.now() - startedAt).toBeLessThan(15_000);
  }, 25_000);
});
