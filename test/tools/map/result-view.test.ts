// A new result layer comes into view unless the model or the person chose the view during the turn.
import { describe, expect, it } from 'vitest';
import { boundsWithin, ResultView } from '../../../src/tools/map/result-view';
import type { Bounds, CameraTarget, MapPort } from '../../../src/tools/map/map-port';

const alaska: Bounds = [-170, 55, -140, 71];

/** A map looking at `view`, whose one layer lies at `layer`; records where the camera was sent. */
function mapLookingAt(view: Bounds, layer: Bounds = alaska) {
  const moves: CameraTarget[] = [];
  const map = {
    layerBounds: () => layer,
    getState: () => ({ center: [0, 0], zoom: 3, bearing: 0, bounds: view, layers: [] }),
    moveCamera: async (target: CameraTarget) => {
      moves.push(target);
    },
  } as unknown as MapPort;
  return { map, moves };
}

const southernAfrica: Bounds = [15, -35, 35, -15];

describe('ResultView', () => {
  it('fits the map to a result drawn outside the view', async () => {
    const { map, moves } = mapLookingAt(southernAfrica);
    expect(await new ResultView().resultDrawn(map, 'result-1')).toBe('fitted');
    expect(moves).toEqual([{ bounds: alaska }]);
  });

  it('leaves the view alone when the result is already in it', async () => {
    const { map, moves } = mapLookingAt([-180, 0, -100, 80]);
    expect(await new ResultView().resultDrawn(map, 'result-1')).toBe('in-view');
    expect(moves).toEqual([]);
  });

  it("keeps the model's fly_to of the same turn", async () => {
    const { map, moves } = mapLookingAt(southernAfrica);
    const view = new ResultView();
    view.modelMovedMap();
    expect(await view.resultDrawn(map, 'result-1')).toBe('model-chose');
    expect(moves).toEqual([]);
  });

  it('keeps the view the person moved to during the turn, until the next question', async () => {
    const { map, moves } = mapLookingAt(southernAfrica);
    const view = new ResultView();
    view.personMovedMap();
    expect(await view.resultDrawn(map, 'result-1')).toBe('person-moved');
    expect(moves).toEqual([]);
    view.turnStarted();
    expect(await view.resultDrawn(map, 'result-1')).toBe('fitted');
  });

  it('reads bounds as west, south, east, north', () => {
    expect(boundsWithin([1, 1, 2, 2], [0, 0, 3, 3])).toBe(true);
    expect(boundsWithin([1, 1, 4, 2], [0, 0, 3, 3])).toBe(false);
    expect(boundsWithin([1, -1, 2, 2], [0, 0, 3, 3])).toBe(false);
  });
});
