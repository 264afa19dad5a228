import { describe, expect, it } from 'vitest';
import { toToolResult } from '../../src/mcp/results/mcp-result';
import { ToolRegistry } from '../../src/tools/tool-registry';
import type { ToolCall } from '../../src/agent/types';
import type { TableResultData, Tool, ToolResult } from '../../src/tools/tool';

function tool(
  name: string,
  fields: Partial<Tool> = {},
  execute?: Tool['execute'],
): Tool & { runs: number } {
  const made = {
    name,
    description: `${name} tool`,
    inputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
    origin: { kind: 'local' as const },
    runs: 0,
    ...fields,
    execute: async (
      args: Record<string, unknown>,
      context: { signal: AbortSignal },
    ): Promise<ToolResult> => {
      made.runs += 1;
      return execute ? execute(args, context) : { content: `${name} ${JSON.stringify(args)}` };
    },
  };
  return made;
}

const call = (name: string, args: Record<string, unknown> = {}): ToolCall => ({
  id: `id-${name}`,
  name,
  arguments: args,
});
const signal = new AbortController().signal;

describe('ToolRegistry', () => {
  it('lists specs sorted by name, the same whatever the registration order', () => {
    const one = new ToolRegistry();
    const two = new ToolRegistry();
    for (const name of ['zoom', 'add_layer', 'legend']) one.register(tool(name));
    for (const name of ['legend', 'zoom', 'add_layer']) two.register(tool(name));
    expect(one.specs().map((spec) => spec.name)).toEqual(['add_layer', 'legend', 'zoom']);
    expect(JSON.stringify(one.specs())).toBe(JSON.stringify(two.specs()));
  });

  it('drops a tool whose inputSchema is not a JSON object, with a warning', () => {
    const warnings: string[] = [];
    const registry = new ToolRegistry({ onWarning: (message) => warnings.push(message) });
    registry.register(tool('broken', { inputSchema: 'nope' as unknown as Tool['inputSchema'] }));
    registry.setServerTools('remote', [tool('array_args', { inputSchema: { type: 'array' } })]);
    expect(registry.list()).toEqual([]);
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toContain('broken');
    expect(warnings[1]).toContain('remote');
  });

  it('namespaces the later tool on a collision between servers and dispatches it to its own server', async () => {
    const registry = new ToolRegistry();
    registry.setServerTools('embedded', [
      tool('query', {}, async () => ({ content: 'embedded rows' })),
    ]);
    registry.setServerTools('mother.duck', [
      tool('query', {}, async () => ({ content: 'remote rows' })),
    ]);
    const names = registry.specs().map((spec) => spec.name);
    expect(names).toEqual(['mother_duck__query', 'query']);
    for (const name of names) expect(name).toMatch(/^[a-zA-Z0-9_-]{1,64}$/);
    expect((await registry.execute(call('mother_duck__query'), { signal })).content).toBe(
      'remote rows',
    );
    expect((await registry.execute(call('query'), { signal })).content).toBe('embedded rows');
    expect(registry.get('mother_duck__query')?.origin).toEqual({
      kind: 'mcp',
      serverId: 'mother.duck',
      originalName: 'query',
    });
  });

  it('accepts serverId__name for a tool that needed no namespace', async () => {
    const registry = new ToolRegistry();
    registry.setServerTools('embedded', [tool('list_tables')]);
    expect(registry.get('embedded__list_tables')?.name).toBe('list_tables');
  });

  it('keeps namespaced names within 64 characters', () => {
    const registry = new ToolRegistry();
    registry.register(tool('query'));
    registry.setServerTools('a'.repeat(80), [tool('query')]);
    const name =
      registry
        .specs()
        .map((spec) => spec.name)
        .find((each) => each !== 'query') ?? '';
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name.endsWith('__query')).toBe(true);
  });

  it('replaces and removes a server’s tools and tells listeners', () => {
    const registry = new ToolRegistry();
    let changes = 0;
    const unsubscribe = registry.onChange(() => (changes += 1));
    registry.setServerTools('s', [tool('a'), tool('b')]);
    registry.setServerTools('s', [tool('c')]);
    expect(registry.list().map((each) => each.name)).toEqual(['c']);
    registry.removeServer('s');
    expect(registry.list()).toEqual([]);
    unsubscribe();
    registry.register(tool('d'));
    expect(changes).toBe(3);
  });

  it('returns an unknown tool as an error naming the available tools', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('zoom'));
    const result = await registry.execute(call('fly'), { signal });
    expect(result).toMatchObject({ isError: true });
    expect(result.content).toContain('Available tools: zoom');
  });

  it('answers a call of a tool whose server went away with the reason, by any name it had', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('add'));
    registry.setServerTools('calc', [tool('add'), tool('mul')]);
    const down = 'calc is not reachable right now: the server closed the connection.';
    registry.removeServer('calc', down);
    expect(registry.list().map((each) => each.name)).toEqual(['add']);
    for (const name of ['mul', 'calc__add', 'calc__mul']) {
      const result = await registry.execute(call(name), { signal });
      expect(result).toEqual({ content: down, isError: true });
    }
    // Back: its tools run again; removed for good: unknown, as any other name.
    registry.setServerTools('calc', [tool('mul')]);
    expect((await registry.execute(call('mul'), { signal })).content).toBe('mul {}');
    registry.removeServer('calc');
    expect((await registry.execute(call('mul'), { signal })).content).toContain('Unknown tool');
  });

  it('validates arguments against the schema before running the tool', async () => {
    const registry = new ToolRegistry();
    const counted = tool('count');
    registry.register(counted);
    const result = await registry.execute(call('count', { n: 'three' }), { signal });
    expect(result.isError).toBe(true);
    expect(result.content).toContain('/n');
    expect(counted.runs).toBe(0);
  });

  it('turns a throwing tool into an error result', async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool('bad', {}, async () => {
        throw new Error('disk on fire');
      }),
    );
    const result = await registry.execute(call('bad'), { signal });
    expect(result).toEqual({ content: 'Tool "bad" failed: disk on fire', isError: true });
  });

  it('times out with the exact message and aborts the tool', async () => {
    const registry = new ToolRegistry();
    let aborted = false;
    registry.register(
      tool(
        'slow',
        {},
        (_args, context) =>
          new Promise(() => context.signal.addEventListener('abort', () => (aborted = true))),
      ),
    );
    const execution = await registry.dispatch(call('slow'), { signal, timeoutMs: 30 });
    expect(execution.result).toEqual({
      content: 'Tool execution timed out after 30 ms',
      isError: true,
    });
    expect(execution.status).toBe('timeout');
    expect(aborted).toBe(true);
  });

  it('prefers the tool’s own timeout', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('slow', { timeoutMs: 20 }, () => new Promise(() => {})));
    const result = await registry.execute(call('slow'), { signal, timeoutMs: 10_000 });
    expect(result.content).toBe('Tool execution timed out after 20 ms');
  });

  it('returns a cancelled error result when the signal aborts, even if the tool ignores it', async () => {
    const registry = new ToolRegistry();
    registry.register(tool('deaf', {}, () => new Promise(() => {})));
    const controller = new AbortController();
    setTimeout(() => controller.abort('stopped by the user'), 10);
    const execution = await registry.dispatch(call('deaf'), { signal: controller.signal });
    expect(execution.status).toBe('cancelled');
    expect(execution.result).toMatchObject({
      isError: true,
      content: expect.stringContaining('stopped by the user'),
    });
  });

  it('bounds content once, local or MCP, with one note, and leaves the data for the UI as it was', async () => {
    const registry = new ToolRegistry({ contentBudget: 200 });
    const rows = Array.from({ length: 100 }, (_, index) => `row ${index}`).join('\n');
    const table: TableResultData = {
      kind: 'table',
      columns: [{ name: 'row', type: 'string' }],
      rows: [{ row: 'row 0' }],
      totalRows: 100,
    };
    registry.register(tool('rows', {}, async () => ({ content: rows, data: table })));
    registry.register(tool('text', {}, async () => ({ content: rows })));
    registry.setServerTools('remote', [
      tool('remote_text', {}, async () =>
        toToolResult({ content: [{ type: 'text', text: rows }] }),
      ),
    ]);
    const withData = await registry.execute(call('rows'), { signal });
    expect(withData.content.length).toBeLessThanOrEqual(200);
    expect(withData.content).toMatch(/Truncated: showing the first \d+ of 689 characters/);
    expect(withData.data).toEqual(table);
    const plain = await registry.execute(call('text'), { signal });
    expect(plain.data).toBeUndefined();
    const remote = await registry.execute(call('remote_text'), { signal });
    expect(remote.content).toBe(plain.content);
    expect(remote.content.match(/Truncated|Cut at/g)).toEqual(['Truncated']);
  });

  it('memoises idempotent tools for the session, whatever the key order', async () => {
    const registry = new ToolRegistry();
    const pure = tool('describe', { idempotent: true, inputSchema: { type: 'object' } });
    const impure = tool('random', { inputSchema: { type: 'object' } });
    registry.register(pure);
    registry.register(impure);
    await registry.execute(call('describe', { a: 1, b: 2 }), { signal });
    const again = await registry.dispatch(call('describe', { b: 2, a: 1 }), { signal });
    await registry.execute(call('random'), { signal });
    await registry.execute(call('random'), { signal });
    expect(pure.runs).toBe(1);
    expect(again.memoised).toBe(true);
    expect(impure.runs).toBe(2);
  });

  it('does not memoise a failure', async () => {
    const registry = new ToolRegistry();
    const flaky = tool('flaky', { idempotent: true }, async () => ({
      content: 'boom',
      isError: true,
    }));
    registry.register(flaky);
    await registry.execute(call('flaky'), { signal });
    await registry.execute(call('flaky'), { signal });
    expect(flaky.runs).toBe(2);
  });
});

describe('ToolRegistry edge cases', () => {
  it('parses a namespaced name back when the server id itself contains the separator', async () => {
    const registry = new ToolRegistry();
    registry.setServerTools('team__warehouse', [
      tool('list_tables', {}, async () => ({ content: 'warehouse tables' })),
    ]);
    expect(registry.get('team__warehouse__list_tables')?.origin).toMatchObject({
      serverId: 'team__warehouse',
    });
    const result = await registry.execute(call('team__warehouse__list_tables'), { signal });
    expect(result).toEqual({ content: 'warehouse tables' });
  });

  it('does not serve a memoised result of a local tool that was replaced', async () => {
    const registry = new ToolRegistry();
    registry.register(
      tool('describe', { idempotent: true }, async () => ({ content: 'old answer' })),
    );
    await registry.execute(call('describe'), { signal });
    const replacement = tool('describe', { idempotent: true }, async () => ({
      content: 'new answer',
    }));
    registry.register(replacement);
    expect((await registry.execute(call('describe'), { signal })).content).toBe('new answer');
    expect(replacement.runs).toBe(1);
  });
});
