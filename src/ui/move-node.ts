// Moves an element within the page keeping what it holds where the browser can (`moveBefore` keeps the
// focus of a button inside, for one); elsewhere (an older browser, jsdom) it is an ordinary insert.

/** Puts `node` into `parent` before `before` (at the end when null), keeping its state where it can. */
export function moveNode(parent: Element, node: Element, before: Node | null): void {
  if (node.parentNode === parent && node.nextSibling === before) return;
  if ('moveBefore' in parent && parent.isConnected === node.isConnected) {
    try {
      parent.moveBefore(node, before);
      return;
    } catch {
      // Not movable so (another document): inserted instead.
    }
  }
  parent.insertBefore(node, before);
}
