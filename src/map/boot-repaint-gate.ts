// Fewer frames while the map boots. MapLibre redraws the whole map each time one of its workers hands
// back a tile; in a software renderer (no GPU) each redraw costs tens of milliseconds of the same two
// cores the workers need, plus a wait for the page's compositor to read the canvas back. At boot, a
// frame is let through only when it moves loading on (a source finished indexing: the frame asks for
// its tiles) and, once every tile is in, for the map the person sees.
import type * as maplibregl from 'maplibre-gl';

/** How often the gate checks whether every tile has arrived. */
const pollMs = 20;

/** Holds the boot frames of `map` back; open it with the returned function (or wait `limitMs`). */
export class BootRepaintGate {
  private open = false;
  /** A frame was asked for (a source loaded) and has not been drawn yet. */
  private frameOwed = false;
  private armed = false;
  private readonly poll: ReturnType<typeof setInterval>;
  private readonly limit: ReturnType<typeof setTimeout>;
  private readonly repaint: () => void;

  constructor(
    private readonly map: maplibregl.Map,
    limitMs: number,
  ) {
    this.repaint = map.triggerRepaint.bind(map);
    // The instance property shadows the prototype's method MapLibre calls internally.
    map.triggerRepaint = () => {
      if (this.open) this.repaint();
    };
    map.on('sourcedata', this.onSourceData);
    map.on('render', this.onRender);
    // Anything the person does shows at once.
    map.on('movestart', this.release);
    map.on('resize', this.release);
    this.poll = setInterval(() => this.check(), pollMs);
    this.limit = setTimeout(this.release, limitMs);
  }

  private readonly onSourceData = (event: maplibregl.MapSourceDataEvent): void => {
    if (event.sourceDataType !== 'metadata') return;
    this.frameOwed = true;
    this.repaint();
  };

  private readonly onRender = (): void => {
    this.frameOwed = false;
  };

  /** Starts checking for the end of loading: call once the boot layers are all added. */
  arm(): void {
    this.armed = true;
  }

  private check(): void {
    if (!this.armed || this.frameOwed) return;
    // Every source indexed and every tile it asked for in (or failed).
    // (No style: the map was removed.)
    if (!this.map.style || this.map.style.loaded()) this.release();
  }

  /** Lets every frame through again and draws one now. */
  readonly release = (): void => {
    if (this.open) return;
    this.open = true;
    clearInterval(this.poll);
    clearTimeout(this.limit);
    this.map.off('sourcedata', this.onSourceData);
    this.map.off('render', this.onRender);
    this.map.off('movestart', this.release);
    this.map.off('resize', this.release);
    delete (this.map as { triggerRepaint?: unknown }).triggerRepaint;
    this.repaint();
  };
}
