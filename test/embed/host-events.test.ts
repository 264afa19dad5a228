// What the host page hears: an answer when a turn ends, a result for a table a tool returned (its
// columns and row count, never its rows), and a layer for each one drawn after the app started.
import { describe, expect, it } from 'vitest';
import { hostEventOf, watchNewLayers, type MapwrightHostEvent } from '../../src/embed/host-events';
import type { AgentEvent } from '../../src/agent/types';
import type { LayerInfo } from '../../src/tools/map/map-port';

const layer = (id: string, title = id): LayerInfo => ({
  id,
  title,
  kind: 'circle',
  visible: true,
  paint: {},
  featureCount: 3,
  properties: [],
});

describe('host events', () => {
  it('tells the answer and a table result (its SQL masked), and nothing for other events', () => {
    const ended = { type: 'turn-end', runId: 'r', round: 1, finishReason: 'stop', text: 'Done.' };
    expect(hostEventOf(ended as AgentEvent)).toEqual({
      type: 'mapwright-answer',
      detail: { text: 'Done.', finishReason: 'stop' },
    });
    const table = {
      type: 'tool-call-end',
      runId: 'r',
      round: 0,
      callIndex: 0,
      call: { id: 'c', name: 'query', arguments: {} },
      status: 'success',
      durationMs: 5,
      result: {
        content: 'rows',
        data: {
          kind: 'table',
          resultId: 'res-1',
          columns: [{ name: 'name', type: 'VARCHAR' }],
          rows: [{ name: 'secret row' }],
          totalRows: 1,
          sql: 'SELECT name FROM t',
        },
      },
    };
    const result = hostEventOf(table as unknown as AgentEvent);
    expect(result).toEqual({
      type: 'mapwright-result',
      detail: {
        tool: 'query',
        resultId: 'res-1',
        columns: ['name'],
        rowCount: 1,
        sql: 'SELECT name FROM t',
      },
    });
    expect(JSON.stringify(result)).not.toContain('secret row');
    // The SQL is masked as the approval card shows it: a secret literal never reaches the host page.
    const withSecret = structuredClone(table);
    withSecret.result.data.sql =
      "CREATE SECRET s (TYPE s3, KEY_ID 'AKIAIOSFODNN7EXAMPLE', SECRET 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY')";
    const masked = hostEventOf(withSecret as unknown as AgentEvent);
    expect(masked?.type === 'mapwright-result' && masked.detail.sql).toMatch(
      /^CREATE SECRET s \(TYPE s3, KEY_ID '\[REDACTED\]', SECRET '\[REDACTED\]'\)$/,
    );
    expect(JSON.stringify(masked)).not.toMatch(/AKIAIOSFODNN7EXAMPLE|wJalrXUtnFEMI/);
    expect(hostEventOf({ type: 'text-delta', runId: 'r', round: 0, text: 'x' } as AgentEvent)).toBe(
      undefined,
    );
  });

  it('tells each layer drawn after it started, again when one is drawn anew', () => {
    let layers = [layer('publisher')];
    const listeners = new Set<() => void>();
    const map = {
      listLayers: () => layers,
      onChange: (listener: () => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const change = (next: LayerInfo[]) => {
      layers = next;
      listeners.forEach((listener) => listener());
    };
    const heard: MapwrightHostEvent[] = [];
    const stop = watchNewLayers(map, (event) => heard.push(event));
    change([layer('publisher'), layer('result-1', 'Northernmost')]);
    change([layer('publisher'), layer('result-1', 'Northernmost')]);
    change([layer('publisher')]);
    change([layer('publisher'), layer('result-1', 'Northernmost')]);
    expect(heard.map((event) => event.detail)).toEqual([
      { layerId: 'result-1', title: 'Northernmost', featureCount: 3 },
      { layerId: 'result-1', title: 'Northernmost', featureCount: 3 },
    ]);
    stop();
    expect(listeners.size).toBe(0);
  });
});
