// @vitest-environment jsdom
// Parts of a stored conversation that did not fit their type are drawn as one sentence each, in place,
// and the parts around them draw as usual: the security review's payloads (a table whose columns are
// null, a chart whose rows are not an array, calls: [null]) open without an error.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseConversationDocument } from '../../../src/agent/conversation/migrate-conversation';
import { TurnView } from '../../../src/chat/turn/turn-view';
import { UNREADABLE_PART } from '../../../src/chat/turn/unreadable-part';
import { resolveTableData } from '../../../src/results/result-data';

type Loose = Record<string, unknown>;

function storedWith(change: (turns: Loose[]) => void): unknown {
  const value = JSON.parse(
    readFileSync('test/fixtures/conversations/v2-completed.json', 'utf8'),
  ) as Loose & { turns: Loose[] };
  change(value.turns);
  return value;
}

const roundsOf = (turn: Loose | undefined): Loose[] => (turn?.rounds as Loose[]) ?? [];

function drawn(value: unknown): HTMLElement {
  const root = document.createElement('div');
  parseConversationDocument(value).turns.forEach((turn, index) => {
    const view = new TurnView(turn, index, (data) => resolveTableData(data, () => undefined), {
      retry: () => undefined,
      continueTurn: () => undefined,
      regenerate: () => undefined,
    });
    view.renderFrame();
    root.append(view.root);
  });
  return root;
}

const sentences = (root: HTMLElement): number =>
  [...root.querySelectorAll('.mw-unreadable')].filter(
    (node) => node.textContent === UNREADABLE_PART,
  ).length;

describe('unreadable parts in the chat', () => {
  it('a table with columns: null shows the sentence where the table was; the answer still shows', () => {
    const root = drawn(
      storedWith((turns) => {
        const calls = roundsOf(turns[0])[0]?.calls as Loose[];
        calls[0] = { ...calls[0], data: { kind: 'table', columns: null } };
      }),
    );
    expect(sentences(root)).toBe(1);
    expect(root.querySelector('.mw-result-table')).toBeNull();
    expect(root.textContent).toContain('Texas has the most airports');
    expect(root.textContent).toContain('And the third?');
  });

  it('a chart whose rows are not an array, and calls: [null], each show the sentence', () => {
    const root = drawn(
      storedWith((turns) => {
        const rounds = roundsOf(turns[0]);
        const chart = { kind: 'bar', resultId: 'r', x: 'state', rows: 7 };
        rounds[1] = {
          ...rounds[1],
          calls: [
            {
              ...(rounds[1]?.calls as Loose[])[0],
              name: 'render_chart',
              data: { kind: 'chart', chart },
            },
          ],
        };
        rounds[2] = { ...rounds[2], calls: [null] };
      }),
    );
    expect(sentences(root)).toBe(2);
    expect(root.querySelector('.mw-chart')).toBeNull();
  });

  it('an unreadable turn shows the sentence instead of a question, and offers no Regenerate', () => {
    const root = drawn(storedWith((turns) => turns.push({ rounds: 'none' })));
    const last = [...root.querySelectorAll<HTMLElement>('.mw-turn')].at(-1);
    expect(last?.querySelector('.mw-unreadable')?.textContent).toBe(UNREADABLE_PART);
    expect(last?.querySelector<HTMLElement>('.mw-user')?.hidden).toBe(true);
    expect(last?.querySelector('.mw-regenerate:not([hidden])')).toBeNull();
  });
});
