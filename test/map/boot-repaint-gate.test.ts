import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BootRepaintGate } from '../../src/map/boot-repaint-gate';
import type * as maplibregl from 'maplibre-gl';

/** The part of a MapLibre map the gate touches: repaints, events and whether the style has loaded. */
class GateMap {
  repaints = 0;
  styleLoaded = false;
  private readonly handlers = new Map<string, Set<(event: unknown) => void>>();
  readonly style = { loaded: (): boolean => this.styleLoaded };

  triggerRepaint(): void {
    this.repaints += 1;
  }

  on(type: string, handler: (event: unknown) => void): this {
    const set = this.handlers.get(type) ?? new Set();
    set.add(handler);
    this.handlers.set(type, set);
    return this;
  }

  off(type: string, handler: (event: unknown) => void): this {
    this.handlers.get(type)?.delete(handler);
    return this;
  }

  fire(type: string, event: unknown = {}): void {
    for (const handler of this.handlers.get(type) ?? []) handler(event);
  }

  listenerCount(): number {
    return [...this.handlers.values()].reduce((total, set) => total + set.size, 0);
  }

  /** What MapLibre does internally: calls whatever `triggerRepaint` is now. */
  internalRepaint(): void {
    this.triggerRepaint();
  }
}

function gate(limitMs = 4000): { map: GateMap; gate: BootRepaintGate } {
  const map = new GateMap();
  return { map, gate: new BootRepaintGate(map as unknown as maplibregl.Map, limitMs) };
}

describe('boot repaint gate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('holds the repaints tile arrivals ask for while the map boots', () => {
    const { map } = gate();
    map.internalRepaint();
    map.internalRepaint();
    expect(map.repaints).toBe(0);
  });

  it('lets a frame through when a source has loaded, so it can ask for its tiles', () => {
    const { map } = gate();
    map.fire('sourcedata', { sourceDataType: 'metadata' });
    expect(map.repaints).toBe(1);
    map.fire('sourcedata', { sourceDataType: 'content' });
    expect(map.repaints).toBe(1);
  });

  it('opens and draws once every tile is in, only after the boot layers were added', () => {
    const { map, gate: boot } = gate();
    map.styleLoaded = true;
    vi.advanceTimersByTime(100);
    expect(map.repaints).toBe(0);
    boot.arm();
    vi.advanceTimersByTime(100);
    expect(map.repaints).toBe(1);
    map.internalRepaint();
    expect(map.repaints).toBe(2);
    expect(map.listenerCount()).toBe(0);
  });

  it('waits for the frame a loaded source is owed before deciding loading is over', () => {
    const { map, gate: boot } = gate();
    boot.arm();
    map.fire('sourcedata', { sourceDataType: 'metadata' });
    map.styleLoaded = true;
    vi.advanceTimersByTime(100);
    expect(map.repaints).toBe(1);
    map.fire('render');
    vi.advanceTimersByTime(100);
    expect(map.repaints).toBe(2);
  });

  it('opens at once when the person moves the map or the page resizes', () => {
    const moved = gate();
    moved.map.fire('movestart');
    moved.map.internalRepaint();
    expect(moved.map.repaints).toBe(2);
    const resized = gate();
    resized.map.fire('resize');
    expect(resized.map.repaints).toBe(1);
  });

  it('opens after its time limit when tiles are slow to come', () => {
    const { map, gate: boot } = gate(500);
    boot.arm();
    vi.advanceTimersByTime(499);
    expect(map.repaints).toBe(0);
    vi.advanceTimersByTime(1);
    expect(map.repaints).toBe(1);
  });
});
