// Brings a new result layer into view. A result drawn where the map does not look is a result the
// person does not see ("the ten strongest earthquakes" showing one dot), so map_query_result fits the
// map to it, unless the view was already chosen during the turn: by the model (fly_to wins) or by the
// person moving the map, whose view is theirs to keep.
import type { Bounds, MapPort } from './map-port';

/** True when `inner` lies wholly inside `outer` (both west, south, east, north). */
export function boundsWithin(inner: Bounds, outer: Bounds): boolean {
  return (
    inner[0] >= outer[0] && inner[1] >= outer[1] && inner[2] <= outer[2] && inner[3] <= outer[3]
  );
}

/** How a drawn result met the view. */
export type ResultViewOutcome = 'fitted' | 'in-view' | 'model-chose' | 'person-moved';

/** Who chose the view during the turn, and whether a new result is brought into it. */
export class ResultView {
  private modelMoved = false;
  private personMoved = false;

  /** A new question: nobody has chosen this turn's view yet. */
  turnStarted(): void {
    this.modelMoved = false;
    this.personMoved = false;
  }

  /** The model moved the map (fly_to): its view wins over fitting a result. */
  modelMovedMap(): void {
    this.modelMoved = true;
  }

  /** The person dragged, zoomed or turned the map: the view stays theirs for the turn. */
  personMovedMap(): void {
    this.personMoved = true;
  }

  /** Fits the map to a result layer just drawn, when nobody chose the view and it lies outside it. */
  async resultDrawn(map: MapPort, layerId: string): Promise<ResultViewOutcome> {
    if (this.modelMoved) return 'model-chose';
    if (this.personMoved) return 'person-moved';
    const bounds = map.layerBounds(layerId);
    if (!bounds || boundsWithin(bounds, map.getState().bounds)) return 'in-view';
    await map.moveCamera({ bounds });
    return 'fitted';
  }
}
