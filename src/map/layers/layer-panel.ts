// The layer panel: per layer, show or hide it, zoom to it, set its opacity, move it up or down the
// stack, reset a filter a tool applied, restore the publisher's style, remove it (a result or an
// upload), and read its legend; Undo and Redo at its head. The panel folds away. Rows re-render from
// the map's layer list; the control that had focus keeps it.
import { isCssColor } from '../../config/css-color';
import { isResultLayerId, type LayerRecord } from '../../tools/map/conversation-map-state';
import { isRestyled, restorePublisherStyle } from '../../tools/map/restore-publisher-style';
import { layerHistoryButtons, type LayerHistory } from './layer-history-bar';
import { noDataLabel } from './legend';
import { lineIcon, lineIcons } from './line-icon';
import '../map-panels.css';
import type { LayerInfo } from '../../tools/map/map-port';

/** Which way a layer moves in the stack: up draws it over the layer above it. */
export type StackDirection = 'up' | 'down';

/**
 * What the panel needs from the map. The optional parts add their controls when present (the app's
 * MapController has them all).
 */
export interface LayerPanelSource {
  listLayers(): LayerInfo[];
  setVisibility(layerId: string, visible: boolean): boolean;
  onChange(listener: () => void): () => void;
  /** Layer ids as drawn, topmost first: the panel lists them in this order. */
  stackOrder?(): string[];
  /** Moves a layer one place up or down the stack; false when it is already at that end. */
  moveLayer?(layerId: string, direction: StackDirection): boolean;
  /** Fits the view to the layer's features. */
  zoomToLayer?(layerId: string): Promise<void>;
  /** Sets the layer's opacity, 0 to 1. */
  setOpacity?(layerId: string, opacity: number): void;
  /** Clears the layer's filter (null), as reset_filter does. */
  setFilter?(layerId: string, filter: null): Promise<void>;
  /** Every layer as drawn and as now: with setPaint, the way back to the publisher's style. */
  layerRecords?(): LayerRecord[];
  setPaint?(layerId: string, paint: Record<string, unknown>): Promise<void>;
}

/** Which layers the person may remove from the panel (results and uploads), and how. */
export interface LayerRemoval {
  canRemoveLayer(layerId: string): boolean;
  /** Settles once the layer is removed (or removing it failed and was reported). */
  removeLayer(layerId: string): Promise<unknown>;
  /** Calls `listener` when which layers can be removed changes; returns a function that stops it. */
  onChange(listener: () => void): () => void;
}

let panelCount = 0;

/** How long "Confirm remove" waits for the second press before the button goes back to "Remove". */
export const confirmRemoveMs = 4000;

function legendElement(layer: LayerInfo): HTMLElement | undefined {
  // One colour says nothing the row's swatch does not already show.
  if (!layer.legend || layer.legend.entries.length < 2) return undefined;
  const legend = document.createElement('div');
  legend.className = 'layer-legend';
  const title = document.createElement('div');
  title.className = 'layer-legend-title';
  title.textContent = layer.legend.title;
  legend.append(title);
  for (const entry of layer.legend.entries) {
    const row = document.createElement('div');
    row.className = 'layer-legend-entry';
    const swatch = document.createElement('span');
    swatch.className = `layer-legend-swatch layer-legend-swatch-${layer.kind}`;
    // Through the CSSOM and only as a checked colour: never a style attribute the CSP would block,
    // never a value that could name a URL.
    if (isCssColor(entry.color)) swatch.style.setProperty('background-color', entry.color);
    const label = document.createElement('span');
    label.textContent = entry.label;
    row.append(swatch, label);
    legend.append(row);
  }
  return legend;
}

/**
 * The colours of a layer's swatch in its row: its legend's classes (without "No data"), or its one
 * colour; only checked CSS colours, so the swatch's style can never name a URL.
 */
export function swatchColors(layer: LayerInfo): string[] {
  const classes = (layer.legend?.entries ?? [])
    .filter((entry) => entry.label !== noDataLabel)
    .map((entry) => entry.color);
  const paint = layer.paint[`${layer.kind}-color`];
  const colors = classes.length > 0 ? classes : typeof paint === 'string' ? [paint] : [];
  return colors.filter((color) => isCssColor(color));
}

/** The row's swatch: the layer's shape (dot, area, line) in its colour, or its classes' ramp. */
function layerSwatch(layer: LayerInfo): HTMLElement {
  const swatch = document.createElement('span');
  swatch.className = `layer-swatch layer-swatch-${layer.kind}`;
  swatch.setAttribute('aria-hidden', 'true');
  const colors = swatchColors(layer);
  if (colors.length === 1) swatch.style.setProperty('background-color', colors[0]!);
  else if (colors.length > 1)
    swatch.style.setProperty('background-image', `linear-gradient(90deg, ${colors.join(', ')})`);
  return swatch;
}

/** The opacity a layer is drawn with: its `<kind>-opacity` when a plain number, else fully opaque. */
function opacityOf(layer: LayerInfo): number {
  const value = layer.paint[`${layer.kind}-opacity`];
  return typeof value === 'number' ? value : 1;
}

/** Whether the panel starts folded: on a narrow or short screen (a phone either way up) the map needs the room. */
function startsCollapsed(): boolean {
  return (
    typeof matchMedia === 'function' &&
    matchMedia('(max-width: 700px), (max-height: 500px)').matches
  );
}

/**
 * A small button of a layer; `focusKey` gives it its focus back after a re-render. With an icon, the
 * text is its tooltip and the accessible name says which layer.
 */
function actionButton(
  text: string,
  ariaLabel: string,
  focusKey: string,
  icon?: string,
): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `mw-button mw-button-ghost layer-action${icon ? ' layer-icon-action' : ''}`;
  if (icon) {
    button.append(lineIcon(icon));
    button.title = text;
  } else button.textContent = text;
  button.setAttribute('aria-label', ariaLabel);
  button.dataset.focusKey = focusKey;
  return button;
}

/**
 * Mounts the panel into `container`; `removal` adds a Remove button to the layers it allows, pressed
 * twice to remove (the first press turns it into "Confirm remove" for a few seconds); `history` adds
 * Undo and Redo. `destroy()` removes the panel, its subscriptions and its confirmation timer.
 */
export function mountLayerPanel(
  container: HTMLElement,
  source: LayerPanelSource,
  removal?: LayerRemoval,
  history?: LayerHistory,
): { destroy(): void } {
  const panel = document.createElement('section');
  panel.className = 'layer-panel';
  panel.setAttribute('aria-label', 'Layers');
  let collapsed = startsCollapsed();
  /** Set while the panel itself changes the map (an opacity drag): no re-render under the pointer. */
  let quiet = false;
  /** The layer whose Remove button waits for confirmation, and the timer that gives up waiting. */
  let confirming: { layerId: string; timer: ReturnType<typeof setTimeout> } | undefined;
  const removing = new Set<string>();
  /** Layers whose options are open; kept over re-renders, forgotten with the layer. */
  const openOptions = new Set<string>();
  const panelId = `layer-panel-${(panelCount += 1)}`;
  const optionsId = (layerId: string): string => `${panelId}-options-${layerId}`;
  const stopConfirming = (): void => {
    if (confirming) clearTimeout(confirming.timer);
    confirming = undefined;
  };

  const removeButton = (layer: LayerInfo): HTMLButtonElement => {
    const button = document.createElement('button');
    button.type = 'button';
    button.dataset.focusKey = `remove:${layer.id}`;
    const waiting = confirming?.layerId === layer.id;
    // Quiet until pressed once; the red fill says the second press removes.
    button.className = waiting
      ? 'mw-button mw-button-danger layer-remove'
      : 'mw-button layer-remove';
    if (removing.has(layer.id)) {
      // Not `disabled`: a disabled button drops the focus.
      button.textContent = 'Removing…';
      button.setAttribute('aria-disabled', 'true');
    } else {
      button.textContent = waiting ? 'Confirm remove' : 'Remove';
    }
    const noun = isResultLayerId(layer.id) ? 'result' : 'upload';
    button.setAttribute(
      'aria-label',
      `${waiting ? 'Confirm remove' : 'Remove'} ${noun} ${layer.title}`,
    );
    if (waiting) button.dataset.confirming = 'true';
    button.addEventListener('click', () => {
      if (!removal || removing.has(layer.id)) return;
      if (confirming?.layerId !== layer.id) {
        stopConfirming();
        confirming = {
          layerId: layer.id,
          timer: setTimeout(() => {
            confirming = undefined;
            render();
          }, confirmRemoveMs),
        };
        render();
        return;
      }
      stopConfirming();
      removing.add(layer.id);
      render();
      void removal.removeLayer(layer.id).finally(() => {
        removing.delete(layer.id);
        render();
      });
    });
    return button;
  };

  const opacityControl = (layer: LayerInfo): HTMLElement | undefined => {
    const { setOpacity } = source;
    if (!setOpacity) return undefined;
    const label = document.createElement('label');
    label.className = 'layer-opacity';
    const words = document.createElement('span');
    words.textContent = 'Opacity';
    const slider = document.createElement('input');
    slider.type = 'range';
    slider.min = '0';
    slider.max = '100';
    slider.step = '5';
    const percent = Math.round(opacityOf(layer) * 100);
    slider.value = String(percent);
    slider.setAttribute('aria-label', `Opacity of ${layer.title}`);
    slider.setAttribute('aria-valuetext', `${percent}%`);
    slider.dataset.focusKey = `opacity:${layer.id}`;
    const shown = document.createElement('span');
    shown.className = 'layer-opacity-value';
    shown.textContent = `${percent}%`;
    slider.addEventListener('input', () => {
      slider.setAttribute('aria-valuetext', `${slider.value}%`);
      shown.textContent = `${slider.value}%`;
      quiet = true;
      try {
        setOpacity.call(source, layer.id, Number(slider.value) / 100);
      } finally {
        quiet = false;
      }
    });
    label.append(words, slider, shown);
    return label;
  };

  /** The layer's less frequent controls, shown under its row once its options are open. */
  const options = (layer: LayerInfo, index: number, count: number): HTMLElement => {
    const bar = document.createElement('div');
    bar.className = 'layer-options';
    bar.id = optionsId(layer.id);
    if (source.moveLayer) {
      const moves: [StackDirection, string, boolean][] = [
        ['up', lineIcons.arrowUp, index === 0],
        ['down', lineIcons.arrowDown, index === count - 1],
      ];
      for (const [direction, icon, atEnd] of moves) {
        const move = actionButton(
          `Move ${direction}`,
          `Move ${layer.title} ${direction}`,
          `${direction}:${layer.id}`,
          icon,
        );
        // Not `disabled`: the focus stays on a button that has reached the end of the stack.
        if (atEnd) move.setAttribute('aria-disabled', 'true');
        move.addEventListener('click', () => {
          if (!atEnd) source.moveLayer?.(layer.id, direction);
        });
        bar.append(move);
      }
    }
    const opacity = opacityControl(layer);
    if (opacity) bar.append(opacity);
    if (removal?.canRemoveLayer(layer.id)) bar.append(removeButton(layer));
    return bar;
  };

  /** Whether a layer has anything to put behind its options button. */
  const hasOptions = (layer: LayerInfo): boolean =>
    Boolean(source.moveLayer || source.setOpacity || removal?.canRemoveLayer(layer.id));

  /** The buttons at the end of a layer's row: zoom to it, and open or close its options. */
  const rowButtons = (layer: LayerInfo): HTMLElement[] => {
    const buttons: HTMLElement[] = [];
    if (source.zoomToLayer && layer.featureCount > 0) {
      const zoom = actionButton(
        'Zoom to layer',
        `Zoom to ${layer.title}`,
        `zoom:${layer.id}`,
        lineIcons.frame,
      );
      zoom.addEventListener('click', () => void source.zoomToLayer?.(layer.id));
      buttons.push(zoom);
    }
    if (hasOptions(layer)) {
      const expanded = openOptions.has(layer.id);
      const toggle = actionButton(
        expanded ? 'Hide options' : 'Options: order, opacity, remove',
        `Options for ${layer.title}`,
        `options:${layer.id}`,
        lineIcons.more,
      );
      toggle.setAttribute('aria-expanded', String(expanded));
      toggle.setAttribute('aria-controls', optionsId(layer.id));
      toggle.addEventListener('click', () => {
        if (openOptions.has(layer.id)) openOptions.delete(layer.id);
        else openOptions.add(layer.id);
        render();
      });
      buttons.push(toggle);
    }
    return buttons;
  };

  /** Says the layer shows only part of its features, with the way back to all of them. */
  const filterNote = (layer: LayerInfo): HTMLElement | undefined => {
    if (layer.filter === undefined || !source.setFilter) return undefined;
    const note = document.createElement('div');
    note.className = 'layer-filter';
    const words = document.createElement('span');
    words.textContent = 'Filtered: some features hidden.';
    const reset = actionButton(
      'Reset filter',
      `Reset the filter of ${layer.title}`,
      `reset:${layer.id}`,
    );
    reset.addEventListener('click', () => void source.setFilter?.(layer.id, null));
    note.append(words, reset);
    return note;
  };

  /** Says the layer no longer looks as published (a tool or the person restyled it), with the way back. */
  const styleNote = (layer: LayerInfo): HTMLElement | undefined => {
    const { layerRecords, setPaint, setFilter } = source;
    if (!layerRecords || !setPaint || !setFilter) return undefined;
    const target = {
      layerRecords: () => layerRecords.call(source),
      setPaint: (layerId: string, paint: Record<string, unknown>) =>
        setPaint.call(source, layerId, paint),
      setFilter: (layerId: string) => setFilter.call(source, layerId, null),
    };
    if (!isRestyled(target, layer.id)) return undefined;
    const note = document.createElement('div');
    note.className = 'layer-filter layer-restyled';
    const restore = actionButton(
      "Restore the publisher's style",
      `Restore the publisher's style of ${layer.title}`,
      `restore:${layer.id}`,
    );
    restore.addEventListener('click', () => void restorePublisherStyle(target, layer.id));
    note.append(restore);
    return note;
  };

  /** The layers, topmost first when the map says how they stack. */
  const orderedLayers = (): LayerInfo[] => {
    const layers = source.listLayers();
    const order = source.stackOrder?.();
    if (!order) return layers;
    const rank = new Map(order.map((id, index) => [id, index]));
    return [...layers].sort(
      (a, b) => (rank.get(a.id) ?? order.length) - (rank.get(b.id) ?? order.length),
    );
  };

  const render = (): void => {
    // Rows are rebuilt on every change: the control that had focus gets it back.
    const focused = document.activeElement;
    const focusKey =
      focused instanceof HTMLElement && panel.contains(focused)
        ? focused.dataset.focusKey
        : undefined;
    const header = document.createElement('div');
    header.className = 'layer-panel-header';
    const heading = document.createElement('h2');
    heading.textContent = 'Layers';
    heading.tabIndex = -1;
    heading.dataset.focusKey = 'heading';
    const toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.className = 'mw-button mw-button-ghost layer-panel-toggle';
    toggle.textContent = collapsed ? 'Show' : 'Hide';
    toggle.setAttribute('aria-label', collapsed ? 'Show layers' : 'Hide layers');
    toggle.setAttribute('aria-expanded', String(!collapsed));
    toggle.dataset.focusKey = 'toggle';
    toggle.addEventListener('click', () => {
      collapsed = !collapsed;
      render();
    });
    header.append(heading, ...(history ? layerHistoryButtons(history) : []), toggle);
    const list = document.createElement('ul');
    list.hidden = collapsed;
    const layers = orderedLayers();
    for (const id of openOptions)
      if (!layers.some((layer) => layer.id === id)) openOptions.delete(id);
    for (const [index, layer] of layers.entries()) {
      const item = document.createElement('li');
      item.dataset.layerId = layer.id;
      if (!layer.visible) item.dataset.hidden = 'true';
      const row = document.createElement('div');
      row.className = 'layer-row';
      const label = document.createElement('label');
      const checkbox = document.createElement('input');
      checkbox.type = 'checkbox';
      checkbox.checked = layer.visible;
      checkbox.dataset.focusKey = `visible:${layer.id}`;
      checkbox.addEventListener('change', () => source.setVisibility(layer.id, checkbox.checked));
      const title = document.createElement('span');
      title.className = 'layer-title';
      title.textContent = layer.filter === undefined ? layer.title : `${layer.title} (filtered)`;
      // The full name on hover when a long one is cut short.
      title.title = layer.title;
      label.append(checkbox, layerSwatch(layer), title);
      row.append(label, ...rowButtons(layer));
      item.append(row);
      const filter = filterNote(layer);
      if (filter) item.append(filter);
      const restyled = styleNote(layer);
      if (restyled) item.append(restyled);
      if (openOptions.has(layer.id)) item.append(options(layer, index, layers.length));
      const legend = layer.visible ? legendElement(layer) : undefined;
      if (legend) item.append(legend);
      list.append(item);
    }
    panel.replaceChildren(header, list);
    if (focusKey) {
      const again = [...panel.querySelectorAll<HTMLElement>('[data-focus-key]')].find(
        (element) => element.dataset.focusKey === focusKey,
      );
      // A removed layer's button is gone: focus stays in the panel, on its heading.
      (again ?? heading).focus();
    }
  };
  render();
  container.append(panel);
  const rerender = (): void => {
    if (!quiet) render();
  };
  const stops = [
    source.onChange(rerender),
    removal?.onChange(rerender),
    history?.onChange(rerender),
  ];
  return {
    destroy: () => {
      for (const stop of stops.splice(0)) stop?.();
      stopConfirming();
      panel.remove();
    },
  };
}
