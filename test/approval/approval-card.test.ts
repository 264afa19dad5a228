// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApprovalCard } from '../../src/approval/approval-card';
import { loadSqlEditor } from '../../src/approval/lazy-sql-editor';
import { slowCheckMs, slowCheckText } from '../../src/approval/proposed-call-view';
import type { ApprovalDecision, ToolProposal } from '../../src/agent/types';

function proposal(
  calls: {
    name: string;
    sql?: string;
    description?: string;
    modifiesData?: boolean;
    extra?: Record<string, unknown>;
  }[],
  reasoning?: string,
): ToolProposal {
  return {
    runId: 'run-1',
    round: 0,
    description: calls
      .map((call) => call.description ?? `Reads a table with ${call.name}`)
      .join('\n'),
    ...(reasoning ? { reasoning } : {}),
    calls: calls.map((call, callIndex) => {
      const args = { ...(call.sql !== undefined ? { sql_query: call.sql } : {}), ...call.extra };
      return {
        callIndex,
        call: { id: `c${callIndex}`, name: call.name, arguments: args },
        displayArguments: args,
        serverId: 'embedded',
        description: call.description ?? `Reads a table with ${call.name}`,
        modifiesData: call.modifiesData ?? false,
      };
    }),
  };
}

function mount(options: { proposal: ToolProposal; onAllowTool?: (name: string) => void }) {
  const decisions: ApprovalDecision[][] = [];
  const card = new ApprovalCard({ ...options, onDone: (made) => decisions.push(made) });
  document.body.append(card.root);
  return { card, decisions };
}

const byText = (root: HTMLElement, text: string): HTMLButtonElement => {
  const found = [...root.querySelectorAll('button')].find((node) => node.textContent === text);
  if (!found) throw new Error(`no button "${text}"`);
  return found;
};

afterEach(() => document.body.replaceChildren());

describe('the approval card', () => {
  it('shows the description, the model reasoning labelled as its words, and the SQL in an editor', async () => {
    const { card } = mount({
      proposal: proposal(
        [{ name: 'query', sql: 'SELECT mag FROM earthquakes' }],
        'I need the magnitudes.',
      ),
    });
    expect(card.root.textContent).toContain('Reads a table with query');
    expect(card.root.querySelector('.mw-model-reasoning')?.textContent).toMatch(
      /model’s reasoning.*I need the magnitudes/,
    );
    await loadSqlEditor();
    expect(card.root.querySelector('.cm-content')?.textContent).toContain(
      'SELECT mag FROM earthquakes',
    );
  });

  it('makes "modifies data" prominent for a call flagged as modifying', () => {
    const { card } = mount({
      proposal: proposal([
        { name: 'query', sql: 'SELECT 1' },
        { name: 'query', sql: 'DROP TABLE x', description: 'query: drops x', modifiesData: true },
      ]),
    });
    expect(card.root.querySelector('.mw-approval-body > .mw-modifies')?.textContent).toBe(
      '⚠ This proposal modifies data.',
    );
    const [reading, dropping] = card.calls;
    expect(dropping?.root.classList.contains('mw-proposed-modifies')).toBe(true);
    expect(dropping?.root.querySelector('.mw-modifies')?.textContent).toBe(
      '⚠ This call modifies data.',
    );
    expect(reading?.root.classList.contains('mw-proposed-modifies')).toBe(false);
  });

  it('reads the flag, not the wording: a description that says "modifies data" warns of nothing', () => {
    const { card } = mount({
      proposal: proposal([
        {
          name: 'search',
          extra: { text: 'rows where the note modifies data' },
          description: 'search: text "rows where the note modifies data".',
        },
      ]),
    });
    expect(card.root.textContent).toContain('modifies data');
    expect(card.root.querySelector('.mw-modifies')).toBeNull();
    expect(card.root.querySelector('.mw-proposed-modifies')).toBeNull();
  });

  it('approves the SQL as the analyst edited it', () => {
    const { card, decisions } = mount({
      proposal: proposal([{ name: 'query', sql: 'SELECT * FROM earthquakes' }]),
    });
    card.calls[0]!.sql = 'SELECT mag FROM earthquakes LIMIT 5';
    byText(card.root, 'Approve').click();
    expect(decisions).toEqual([
      [{ kind: 'approve-edited', arguments: { sql_query: 'SELECT mag FROM earthquakes LIMIT 5' } }],
    ]);
  });

  it('approves unchanged SQL as a plain approval', () => {
    const { card, decisions } = mount({ proposal: proposal([{ name: 'query', sql: 'SELECT 1' }]) });
    byText(card.root, 'Approve').click();
    expect(decisions).toEqual([[{ kind: 'approve' }]]);
  });

  it('denies with the reason typed, and waits for every call before answering', () => {
    const { card, decisions } = mount({
      proposal: proposal([
        { name: 'query', sql: 'SELECT 1' },
        { name: 'describe_table', extra: { table: 'flights' } },
      ]),
    });
    const reason = card.calls[0]!.root.querySelector<HTMLInputElement>('.mw-deny-reason')!;
    reason.value = 'too many rows';
    byText(card.calls[0]!.root, 'Deny').click();
    expect(decisions).toEqual([]);
    byText(card.calls[1]!.root, 'Approve').click();
    expect(decisions).toEqual([[{ kind: 'deny', reason: 'too many rows' }, { kind: 'approve' }]]);
  });

  it('shows other arguments, and "Allow tool for this session" approves and records the allowance', () => {
    const onAllowTool = vi.fn();
    const { card, decisions } = mount({
      proposal: proposal([{ name: 'describe_table', extra: { table: 'flights' } }]),
      onAllowTool,
    });
    expect(card.root.querySelector('.mw-call-arguments')?.textContent).toContain(
      '"table": "flights"',
    );
    byText(card.root, 'Allow for this session').click();
    expect(onAllowTool).toHaveBeenCalledWith('describe_table');
    expect(decisions).toEqual([[{ kind: 'approve' }]]);
  });

  it('Approve all and Deny all decide every call', () => {
    const first = mount({ proposal: proposal([{ name: 'a' }, { name: 'b' }]) });
    byText(first.card.root, 'Approve all').click();
    expect(first.decisions).toEqual([[{ kind: 'approve' }, { kind: 'approve' }]]);
    const second = mount({ proposal: proposal([{ name: 'a' }, { name: 'b' }]) });
    byText(second.card.root, 'Deny all').click();
    expect(second.decisions).toEqual([[{ kind: 'deny' }, { kind: 'deny' }]]);
  });

  it('Enter approves and Esc denies when the card has focus', () => {
    const first = mount({ proposal: proposal([{ name: 'a' }]) });
    first.card.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(first.decisions).toEqual([[{ kind: 'approve' }]]);
    const second = mount({ proposal: proposal([{ name: 'a' }]) });
    second.card.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(second.decisions).toEqual([[{ kind: 'deny' }]]);
  });

  it('shows the model’s words under the heading, as plain text with secrets masked', () => {
    const { card } = mount({
      proposal: {
        ...proposal([{ name: 'query', sql: 'SELECT 1' }]),
        modelText: 'Now I <b>count</b> rows with key sk-abcdefghijklmnopqrstuvwxyz1234.',
      },
    });
    const words = card.root.querySelector('.mw-model-words');
    expect(words?.textContent).toContain('The model says:');
    expect(words?.textContent).toContain('Now I <b>count</b> rows');
    expect(words?.querySelector('b')).toBeNull();
    expect(words?.textContent).not.toContain('sk-abcdefghijklmnopqrstuvwxyz1234');
    const heading = card.root.querySelector('h3');
    expect(heading?.compareDocumentPosition(words as Node)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it('says each thing once: the description, and the model’s words also sent as the explanation', () => {
    const said = 'Counting the airports to answer.';
    const { card } = mount({
      proposal: {
        ...proposal([
          {
            name: 'query',
            sql: 'SELECT count(*) FROM airports',
            description: 'query: reads airports; aggregates.',
            extra: { explanation: said },
          },
        ]),
        modelText: said,
      },
    });
    const text = card.root.textContent ?? '';
    expect(text.split('Reads airports; aggregates.')).toHaveLength(2);
    expect(text.split(said)).toHaveLength(2);
    expect(card.root.querySelector('.mw-call-explanation')).toBeNull();
  });

  it('names the tool and its server by their titles, never by the server’s id', () => {
    const base = proposal([{ name: 'query', sql: 'SELECT 1' }, { name: 'list_tables' }]);
    const { card } = mount({
      proposal: {
        ...base,
        calls: base.calls.map((call) => ({ ...call, serverTitle: 'Bundled data' })),
      },
    });
    const names = [...card.root.querySelectorAll('.mw-call-name')].map((node) => node.textContent);
    expect(names).toEqual(['Query · Bundled data', 'List tables · Bundled data']);
    expect(card.root.textContent).not.toContain('embedded');
  });

  it('folds several calls to a line each, the first open, with Approve all in the footer', () => {
    const { card } = mount({
      proposal: proposal([
        { name: 'query', sql: 'SELECT 1' },
        { name: 'query', sql: 'SELECT 2' },
      ]),
    });
    expect(card.calls.map((call) => call.expanded)).toEqual([true, false]);
    const toggles = [...card.root.querySelectorAll('.mw-proposed-toggle')];
    expect(toggles.map((toggle) => toggle.getAttribute('aria-expanded'))).toEqual([
      'true',
      'false',
    ]);
    (toggles[1] as HTMLButtonElement).click();
    expect(card.calls[1]?.expanded).toBe(true);
    expect(card.root.querySelector('.mw-approval-footer .mw-approve-all')).not.toBeNull();
  });

  it('shows no model’s words when the model wrote none', () => {
    const { card } = mount({ proposal: proposal([{ name: 'query', sql: 'SELECT 1' }]) });
    expect(card.root.querySelector('.mw-model-words')).toBeNull();
  });

  it('shows a call’s explanation argument labelled as the model’s, and not again among the arguments', () => {
    const { card } = mount({
      proposal: proposal([
        {
          name: 'query',
          sql: 'SELECT * FROM quakes WHERE mag > 6',
          extra: { explanation: 'Finds the strongest quakes to draw them.', max_rows: 10 },
        },
      ]),
    });
    const explanation = card.root.querySelector('.mw-call-explanation');
    expect(explanation?.textContent).toContain('The model’s explanation');
    expect(explanation?.textContent).toContain('Finds the strongest quakes to draw them.');
    const description = card.root.querySelector('.mw-proposal-description');
    expect(description?.compareDocumentPosition(explanation as Node)).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );
    const others = card.root.querySelector('.mw-call-arguments')?.textContent ?? '';
    expect(others).toContain('max_rows');
    expect(others).not.toContain('explanation');
  });

  it('shows the pre-flight: parses, columns and the estimated row count', async () => {
    const card = new ApprovalCard({
      proposal: proposal([{ name: 'query', sql: 'SELECT mag FROM earthquakes' }]),
      preflightFor: () => async () => ({
        parses: true,
        columns: [{ name: 'mag', type: 'DOUBLE' }],
        rows: { bound: 'up to', count: 10, unit: 'row' },
      }),
      onDone: () => undefined,
    });
    await vi.waitFor(() =>
      expect(card.root.querySelector('.mw-preflight')?.textContent).toContain(
        'Rows: up to 10 rows',
      ),
    );
    expect(card.root.querySelector('.mw-preflight')?.textContent).toContain('mag (DOUBLE)');
  });

  it('says why a pre-flight that takes over a second is still checking, then shows its answer', async () => {
    vi.useFakeTimers();
    try {
      let answer: (report: { parses: boolean }) => void = () => undefined;
      const card = new ApprovalCard({
        proposal: proposal([{ name: 'query', sql: 'SELECT mag FROM earthquakes' }]),
        preflightFor: () => () => new Promise((resolve) => (answer = resolve)),
        onDone: () => undefined,
      });
      const box = () => card.root.querySelector('.mw-preflight')?.textContent;
      expect(box()).toBe('Checking…');
      await vi.advanceTimersByTimeAsync(slowCheckMs - 1);
      expect(box()).toBe('Checking…');
      await vi.advanceTimersByTimeAsync(1);
      expect(box()).toBe(slowCheckText);
      answer({ parses: true });
      await vi.advanceTimersByTimeAsync(0);
      expect(box()).not.toContain('Checking');
    } finally {
      vi.useRealTimers();
    }
  });
});
