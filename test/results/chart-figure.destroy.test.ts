// @vitest-environment jsdom
// A chart in the conversation watches its own markup (Plot draws the hover tip anew on every move, and
// each tip's name is taken off again): the watch goes when the chart leaves the page, with its figure,
// with the table it was drawn under, or with a figure destroyed before Plot had loaded.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ChartFigure } from '../../src/results/chart-figure';
import { ResultTable } from '../../src/results/result-table';
import { installHeldCounters, type HeldCounts } from '../e2e/held-resources';
import type { ChartSpec } from '../../src/tools/chart/chart-spec';

const spec: ChartSpec = {
  kind: 'bar',
  resultId: 'r1',
  x: 'state',
  y: 'quakes',
  rows: [
    { state: 'AK', quakes: 40 },
    { state: 'CA', quakes: 25 },
  ],
};

beforeAll(() => installHeldCounters());

/** The MutationObservers watching now. */
function watching(): string[] {
  const counts: HeldCounts | undefined = window.__held?.();
  if (!counts) throw new Error('the counters are not installed');
  return counts.pending.filter((entry) => entry.startsWith('MutationObserver|'));
}

/** A group named the way Plot names the hover tip it draws anew. */
function tipGroup(figure: HTMLElement): Element {
  const group = document.createElementNS('http://www.w3.org/2000/svg', 'g');
  group.setAttribute('aria-label', 'tip');
  figure.querySelector('svg.mw-plot')?.append(group);
  return group;
}

describe('a chart taken off the page', () => {
  it('stops watching its hover tip when its figure is destroyed', async () => {
    const figure = new ChartFigure(spec, 'chart');
    document.body.append(figure.root);
    await figure.drawn;
    expect(watching()).toHaveLength(1);
    const named = tipGroup(figure.root);
    await vi.waitFor(() => expect(named.hasAttribute('aria-label')).toBe(false));

    figure.destroy();
    figure.destroy();
    expect(watching()).toEqual([]);
    const left = tipGroup(figure.root);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(left.getAttribute('aria-label')).toBe('tip');
    figure.root.remove();
  });

  it('stops the watch of a chart that arrives after its figure was destroyed', async () => {
    const figure = new ChartFigure(spec, 'chart');
    figure.destroy();
    await figure.drawn;
    expect(watching()).toEqual([]);
  });

  it('goes with the result table it was drawn under, and when the person charts it again', async () => {
    const table = new ResultTable(
      { resultId: 'r1', columns: ['state', 'quakes'], rows: spec.rows, totalRows: 2 },
      {
        showOnMap: async () => 'drawn',
        chart: async () => ({ ...spec, title: 'Again' }),
      },
      spec,
    );
    document.body.append(table.root);
    await vi.waitFor(() => expect(watching()).toHaveLength(1));
    table.root
      .querySelector<HTMLButtonElement>('[aria-label="Chart these rows under the table"]')
      ?.click();
    await vi.waitFor(() =>
      expect(table.root.textContent).toContain('Chart drawn below the table.'),
    );
    await vi.waitFor(() => expect(table.root.querySelector('svg.mw-plot')).not.toBeNull());
    expect(table.root.querySelectorAll('.mw-chart')).toHaveLength(1);
    expect(watching()).toHaveLength(1);
    table.destroy();
    expect(watching()).toEqual([]);
    table.root.remove();
  });
});
