// For benches only: an init script that turns every WebGL call that draws or clears into a no-op, so
// the map computes, tiles and uploads everything as usual but SwiftShader rasterises nothing. Running a
// bench with and without it separates the app's own cost from the software renderer's.

/** The init script (a string, so tsx's helpers stay out of the page). */
export const mapDrawingOffScript = `for (const prototype of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype]) {
  for (const name of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced', 'drawRangeElements', 'clear']) {
    if (typeof prototype[name] === 'function') prototype[name] = function () {};
  }
}`;

/** False when the bench runs with MAP_DRAWING=off. */
export const mapDrawingOn = process.env.MAP_DRAWING !== 'off';
