// Tools in one round: the map tools share a queue, so a call that uses a layer drawn earlier in the same
// round finds it (fly_to after map_query_result), while other tools still run in parallel.
import { describe, expect, it } from 'vitest';
import { Agent } from '../../../src/agent/run/agent';
import { DatasetCatalog } from '../../../src/config';
import { FakeMap } from '../../../src/testing/fake-map';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createMapTools } from '../../../src/tools/map/create-map-tools';
import { ResultStore } from '../../../src/tools/result-store';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { AgentHarness } from '../fakes';
import type { NewLayer } from '../../../src/tools/map/map-port';
import type { Tool } from '../../../src/tools/tool';

/** A map whose layers take a moment to appear, as MapLibre's do. */
class SlowMap extends FakeMap {
  override async addLayer(layer: NewLayer): Promise<void> {
    await new Promise((resolve) => setTimeout(resolve, 30));
    await super.addLayer(layer);
  }
}

describe('tools in one round', () => {
  it('fly_to after map_query_result in the same round fits the layer it drew', async () => {
    const map = new SlowMap();
    const resultStore = new ResultStore();
    resultStore.put({
      resultId: 'north',
      serverId: 'embedded',
      columns: [
        { name: 'name', type: 'VARCHAR' },
        { name: 'lon', type: 'DOUBLE' },
        { name: 'lat', type: 'DOUBLE' },
      ],
      rows: [
        { name: 'Barrow', lon: -156.77, lat: 71.29 },
        { name: 'Wainwright', lon: -160, lat: 70.64 },
      ],
      totalRows: 2,
    });
    const registry = new ToolRegistry();
    for (const tool of createMapTools({
      map,
      catalog: new DatasetCatalog([]),
      resultStore,
      engine: async () => undefined,
    }))
      registry.register(tool);
    const model = createScriptedModel([
      {
        toolCalls: [
          {
            name: 'map_query_result',
            arguments: {
              result_id: 'north',
              geometry: { kind: 'points', lon: 'lon', lat: 'lat' },
              title: 'North',
            },
          },
          { name: 'fly_to', arguments: { layer: 'result-north' } },
        ],
      },
      { text: 'Drawn and shown.' },
    ]);
    const agent = new AgentHarness(new Agent({ model, registry }));
    const result = await agent.send('Show the northernmost airports').result;
    expect(result.outcome).toBe('completed');
    const toolMessages = agent.history.filter((message) => message.role === 'tool');
    expect(toolMessages.map((message) => message.isError ?? false)).toEqual([false, false]);
    expect(toolMessages[1]?.content).toMatch(/^Fitted the map to result-north/);
  });

  it('tools without a queue still run in parallel', async () => {
    const started: number[] = [];
    const slow = (name: string): Tool => ({
      name,
      description: name,
      origin: { kind: 'local' },
      inputSchema: { type: 'object', properties: {} },
      execute: async () => {
        started.push(Date.now());
        await new Promise((resolve) => setTimeout(resolve, 100));
        return { content: 'ok' };
      },
    });
    const registry = new ToolRegistry();
    registry.register(slow('one'));
    registry.register(slow('two'));
    const model = createScriptedModel([
      {
        toolCalls: [
          { name: 'one', arguments: {} },
          { name: 'two', arguments: {} },
        ],
      },
      { text: 'done' },
    ]);
    await new AgentHarness(new Agent({ model, registry })).send('go').result;
    expect(Math.abs((started[1] ?? 0) - (started[0] ?? 0))).toBeLessThan(50);
  });
});
