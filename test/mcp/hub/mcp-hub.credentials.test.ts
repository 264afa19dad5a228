// Data credentials against the real SQL server and native DuckDB: filled only for the tools of the server
// they were saved for, and masked in what comes back even when the query transformed them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../../src/data/duckdb-node/duckdb-node-engine';
import { McpHub, createSqlServer } from '../../../src/mcp';
import { maskCredentials, type DataCredential } from '../../../src/tools/credential-placeholders';
import { ResultStore } from '../../../src/tools/result-store';
import { ToolRegistry } from '../../../src/tools/tool-registry';

const secret = 'Zq8-vR3t_Lp0x/W+';
const credentials = new Map<string, DataCredential>([
  ['WAREHOUSE_TOKEN', { value: secret, serverId: 'embedded' }],
]);
const signal = new AbortController().signal;

describe('data credentials through the hub and DuckDB', () => {
  let engine: DuckDbNodeEngine;
  let hub: McpHub;
  let registry: ToolRegistry;
  let resultStore: ResultStore;
  beforeAll(async () => {
    engine = new DuckDbNodeEngine();
    registry = new ToolRegistry({ credentials: () => credentials });
    resultStore = new ResultStore({ mask: (result) => maskCredentials(result, credentials) });
    hub = new McpHub({ registry, resultStore });
    hub.addServer({ id: 'embedded', transport: 'embedded' }, () => createSqlServer({ engine }));
    hub.addServer({ id: 'other', transport: 'embedded' }, () => createSqlServer({ engine }));
    await Promise.all([hub.connect('embedded'), hub.connect('other')]);
  });
  afterAll(async () => {
    await hub.close();
    await engine.close();
  });

  const queryOf = (serverId: string): string => {
    const tool = registry
      .list()
      .find(
        (candidate) =>
          candidate.origin.kind === 'mcp' &&
          candidate.origin.serverId === serverId &&
          candidate.origin.originalName === 'query',
      );
    if (!tool) throw new Error(`no query tool on ${serverId}`);
    return tool.name;
  };

  it('masks transformed copies in the model’s text, the UI data and the stored rows', async () => {
    const sql =
      "SELECT upper(s) AS u, reverse(s) AS r, to_base64(s::BLOB) AS b, to_base64(('x' || s)::BLOB) AS bx, " +
      'hex(s) AS h, url_encode(s) AS e, substr(s, 3, 7) AS part ' +
      "FROM (SELECT '{{secret:WAREHOUSE_TOKEN}}' AS s)";
    const result = await registry.execute(
      { id: '1', name: queryOf('embedded'), arguments: { sql_query: sql } },
      { signal },
    );
    expect(result.isError).toBeFalsy();
    expect(result.content).toContain('{{secret:WAREHOUSE_TOKEN}}');
    const stored = resultStore.get(resultStore.ids().at(-1)!);
    const everything = JSON.stringify([result.content, result.data, stored]);
    const reversed = [...secret].reverse().join('');
    for (const form of [
      secret,
      secret.toUpperCase(),
      reversed,
      Buffer.from(secret).toString('base64'),
      Buffer.from(`x${secret}`).toString('base64').slice(2, -2),
      Buffer.from(secret).toString('hex').toUpperCase(),
      encodeURIComponent(secret),
      secret.slice(2, 9),
    ]) {
      expect(everything).not.toContain(form);
    }
  });

  it('fills nothing for another server’s query tool, and says which server the credential is for', async () => {
    const before = resultStore.ids().length;
    const result = await registry.execute(
      {
        id: '2',
        name: queryOf('other'),
        arguments: { sql_query: "SELECT '{{secret:WAREHOUSE_TOKEN}}' AS leaked" },
      },
      { signal },
    );
    expect(result.isError).toBe(true);
    expect(result.content).toContain(
      'the data credential WAREHOUSE_TOKEN belongs to the server "embedded"',
    );
    expect(result.content).toContain('is a tool of the server "other"');
    expect(resultStore.ids().length).toBe(before);
  });
});
