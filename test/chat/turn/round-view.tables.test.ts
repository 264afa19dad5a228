// @vitest-environment jsdom
// The tables of a round: those older releases stored still render from their upgraded data, and a new
// table, whose rows the document does not keep, renders them from the page's ResultStore; a chart the
// person drew from a table comes back under that table.
import { describe, expect, it } from 'vitest';
import { RoundView } from '../../../src/chat/turn/round-view';
import { resolveTableData } from '../../../src/results/result-data';
import { ResultStore } from '../../../src/tools/result-store';
import { conversationFixtures, openFixture } from '../../agent/conversation/conversation-fixtures';
import type { RoundRecord } from '../../../src/agent/conversation/conversation-document';

function render(rounds: RoundRecord[], results = new ResultStore()): HTMLElement {
  const root = document.createElement('div');
  for (const round of rounds) {
    const view = new RoundView((data) => resolveTableData(data, (id) => results.get(id)));
    view.update(round, true);
    root.append(view.root);
  }
  return root;
}

const cellsOf = (root: HTMLElement): string[][] =>
  [...root.querySelectorAll('.mw-result-table tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent ?? ''),
  );

/** A round whose one query call returned a table the ResultStore holds (and the document does not). */
function tableRound(
  results: ResultStore,
  resultId: string,
  columns: { name: string; type: string }[],
  rows: Record<string, unknown>[],
  extra: Partial<RoundRecord['calls'][number]> = {},
): RoundRecord {
  results.put({ resultId, serverId: 'embedded', columns, rows, totalRows: rows.length });
  return {
    round: 0,
    text: '',
    reasoning: '',
    calls: [
      {
        callIndex: 0,
        name: 'query',
        displayArguments: {},
        state: 'success',
        resultId,
        data: { kind: 'table', resultId, columns, totalRows: rows.length },
        ...extra,
      },
    ],
  };
}

describe('tables in a round', () => {
  it.each(conversationFixtures.filter((file) => file.endsWith('-completed.json')))(
    '%s: the stored table renders with its rows, though the page holds none',
    (file) => {
      const root = render(openFixture(file).turns.flatMap((turn) => turn.rounds));
      expect(root.querySelectorAll('.mw-result-table')).toHaveLength(1);
      expect(cellsOf(root)).toEqual([
        ['TX', '209'],
        ['CA', '205'],
        ['AK', '194'],
      ]);
      expect(root.querySelector('.mw-table-caption')?.textContent).toBe('3 rows');
    },
  );

  it('renders a table the document keeps without rows from the rows the ResultStore holds', () => {
    const results = new ResultStore();
    const round = tableRound(
      results,
      'r7',
      [{ name: 'mag', type: 'DOUBLE' }],
      [{ mag: 7.1 }, { mag: 6.5 }],
    );
    expect(cellsOf(render([round], results))).toEqual([['7.1'], ['6.5']]);
    expect(render([round]).textContent).toContain('the page no longer holds its rows');
  });

  it('shows the chart the person drew from a table under that table again', () => {
    const results = new ResultStore();
    const rows = [
      { state: 'TX', quakes: 209 },
      { state: 'CA', quakes: 205 },
    ];
    const columns = [
      { name: 'state', type: 'VARCHAR' },
      { name: 'quakes', type: 'INTEGER' },
    ];
    const round = tableRound(results, 'r8', columns, rows, {
      personChart: { kind: 'bar', resultId: 'r8', x: 'state', y: 'quakes', rows },
    });
    const root = render([round], results);
    const chart = root.querySelector('.mw-result-table .mw-table-chart .mw-chart');
    expect(chart?.getAttribute('data-chart-kind')).toBe('bar');
    // Without a person's chart the slot stays empty.
    const { personChart: _chart, ...plain } = round.calls[0]!;
    expect(
      render([{ ...round, calls: [plain] }], results).querySelector('.mw-table-chart .mw-chart'),
    ).toBeNull();
  });
});
