// Undo and Redo at the head of the layer panel, over the conversation's map history. The buttons stay
// focusable when there is nothing to do (marked unavailable), so the focus never drops.

/** The map history the panel steps through (the app's MapUndo). */
export interface LayerHistory {
  canUndo(): boolean;
  canRedo(): boolean;
  undo(): Promise<void>;
  redo(): Promise<void>;
  /** Calls `listener` when what Undo and Redo can do changes; returns the function that stops it. */
  onChange(listener: () => void): () => void;
}

/** The Undo and Redo buttons, as they stand now (the panel re-renders them on every change). */
export function layerHistoryButtons(history: LayerHistory): HTMLButtonElement[] {
  const make = (
    text: string,
    ariaLabel: string,
    available: boolean,
    run: () => Promise<void>,
  ): HTMLButtonElement => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'mw-button mw-button-ghost layer-history';
    button.textContent = text;
    button.setAttribute('aria-label', ariaLabel);
    button.dataset.focusKey = `history:${text}`;
    if (!available) button.setAttribute('aria-disabled', 'true');
    button.addEventListener('click', () => {
      if (available) void run();
    });
    return button;
  };
  return [
    make('Undo', 'Undo the last map change', history.canUndo(), () => history.undo()),
    make('Redo', 'Redo the map change undone', history.canRedo(), () => history.redo()),
  ];
}
