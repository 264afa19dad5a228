// A chart in the conversation: the drawing, a note when rows were left out, PNG and SVG downloads, and
// "Show data", a table of the values drawn for people who cannot see the chart (or want the numbers).
import { missingValuesNote } from '../tools/chart/chart-values';
import { drawChartWhenLoaded } from '../tools/chart/lazy-plot-chart';
import { button, element } from '../ui/dom';
import { downloadBlob } from '../ui/download-blob';
import { fileSlug } from '../ui/file-slug';
import { isNumericCell, formatCell } from './cell-format';
import { pngBlob, svgBlob } from './chart-download';
import type { ChartSpec } from '../tools/chart/chart-spec';
import type { PlottedChart } from '../tools/chart/plot-chart';
import type { Mounted } from '../ui/mounted';

/** Rows "Show data" lists; the CSV of the result has them all. */
export const CHART_TABLE_ROWS = 500;

/**
 * A chart with its note, downloads and data table; `drawn` settles when the chart is on screen.
 * `destroy()` stops the chart's watch on its hover tip, also for a chart that arrives after it.
 */
export class ChartFigure implements Mounted {
  /** The figure element. */
  readonly root: HTMLElement;
  /** Settles once the chart (or the sentence saying it could not be drawn) is in place. */
  readonly drawn: Promise<void>;
  private readonly canvas = element('div', { className: 'mw-chart-canvas' });
  private readonly caption = element('figcaption', { className: 'mw-chart-note' });
  private readonly controls = element('div', { className: 'mw-chart-controls' });
  private readonly data = element('div', { className: 'mw-chart-data' });
  private plotted: PlottedChart | undefined;
  private destroyed = false;

  constructor(
    private readonly spec: ChartSpec,
    /** Names the downloaded files (the question the chart answers). */
    private readonly fileStem = fileSlug(spec.title ?? `${spec.kind} chart of ${spec.x}`, 'chart'),
    width = 380,
  ) {
    this.root = element('figure', {
      className: 'mw-chart',
      children: [this.canvas, this.caption, this.controls, this.data],
    });
    this.root.dataset.chartKind = spec.kind;
    this.caption.hidden = true;
    this.data.hidden = true;
    this.drawn = drawChartWhenLoaded(this.canvas, spec, width).then((plotted) => {
      if (!plotted) return;
      if (this.destroyed) {
        plotted.destroy();
        return;
      }
      this.plotted = plotted;
      const note = missingValuesNote(plotted.missing);
      if (note) {
        this.caption.textContent = note;
        this.caption.hidden = false;
      }
      this.addControls();
    });
  }

  destroy(): void {
    this.destroyed = true;
    this.plotted?.destroy();
    this.plotted = undefined;
  }

  private svg(): SVGSVGElement | null {
    return this.canvas.querySelector('svg.mw-plot');
  }

  private background(): string {
    const colour = getComputedStyle(this.root).backgroundColor;
    return !colour || colour === 'transparent' || colour === 'rgba(0, 0, 0, 0)' ? 'white' : colour;
  }

  private addControls(): void {
    const toggle = button('Show data', () => this.toggleData(toggle), {
      className: 'mw-button mw-button-ghost',
      ariaLabel: 'Show data: the chart’s values as a table',
    });
    toggle.setAttribute('aria-expanded', 'false');
    const status = element('span', {
      className: 'mw-chart-status',
      attributes: { role: 'status' },
    });
    const png = button(
      'Download PNG',
      () => {
        const svg = this.svg();
        if (!svg) return;
        status.textContent = '';
        pngBlob(svg, this.background()).then(
          (blob) => downloadBlob(`${this.fileStem}.png`, blob),
          (error: unknown) => {
            status.textContent = `The image could not be made: ${String(error)}`;
          },
        );
      },
      { className: 'mw-button mw-button-ghost', ariaLabel: 'Download PNG of the chart' },
    );
    const svgButton = button(
      'Download SVG',
      () => {
        const svg = this.svg();
        if (svg) downloadBlob(`${this.fileStem}.svg`, svgBlob(svg, this.background()));
      },
      { className: 'mw-button mw-button-ghost', ariaLabel: 'Download SVG of the chart' },
    );
    this.controls.replaceChildren(toggle, png, svgButton, status);
  }

  private toggleData(toggle: HTMLButtonElement): void {
    const open = this.data.hidden;
    if (open && this.data.childElementCount === 0) this.data.append(this.dataTable());
    this.data.hidden = !open;
    toggle.textContent = open ? 'Hide data' : 'Show data';
    toggle.setAttribute('aria-expanded', String(open));
  }

  private dataTable(): HTMLElement {
    const columns = [this.spec.x, this.spec.y, this.spec.color].filter(
      (name, index, all): name is string => typeof name === 'string' && all.indexOf(name) === index,
    );
    const rows = this.spec.rows.slice(0, CHART_TABLE_ROWS);
    const table = element('table', {
      children: [
        element('caption', {
          className: 'mw-visually-hidden',
          text: 'The values the chart draws',
        }),
        element('thead', {
          children: [
            element('tr', {
              children: columns.map((name) =>
                element('th', { text: name, attributes: { scope: 'col' } }),
              ),
            }),
          ],
        }),
        element('tbody', {
          children: rows.map((row) =>
            element('tr', {
              children: columns.map((name) =>
                element('td', {
                  text: formatCell(row[name], name),
                  className: isNumericCell(row[name]) ? 'mw-number' : undefined,
                }),
              ),
            }),
          ),
        }),
      ],
    });
    const more =
      this.spec.rows.length > rows.length
        ? element('p', {
            className: 'mw-chart-note',
            text: `The first ${rows.length.toLocaleString()} of ${this.spec.rows.length.toLocaleString()} values.`,
          })
        : undefined;
    return element('div', {
      className: 'mw-chart-data-scroll',
      attributes: { tabindex: '0', role: 'region', 'aria-label': 'Chart values' },
      children: [table, more],
    });
  }
}
