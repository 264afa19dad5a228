// @vitest-environment jsdom
// The analyst's keyboard on the approval card: undo and redo in the SQL editor, Mod-Enter approving from
// inside it, Enter approving only when the card (not the editor) has focus.
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalCard } from '../../src/approval/approval-card';
import { loadSqlEditor } from '../../src/approval/lazy-sql-editor';
import type { ApprovalDecision, ToolProposal } from '../../src/agent/types';

function proposal(sql: string): ToolProposal {
  const args = { sql_query: sql };
  return {
    runId: 'run-1',
    round: 0,
    description: 'Reads the table airports',
    calls: [
      {
        callIndex: 0,
        call: { id: 'c0', name: 'query', arguments: args },
        displayArguments: args,
        serverId: 'embedded',
        description: 'Reads the table airports',
        modifiesData: false,
      },
    ],
  };
}

async function mount(sql: string) {
  const decisions: ApprovalDecision[][] = [];
  const card = new ApprovalCard({
    proposal: proposal(sql),
    onDone: (made) => decisions.push(made),
  });
  document.body.append(card.root);
  // The card draws a plain textarea first; these tests are about the CodeMirror editor that replaces it.
  await loadSqlEditor();
  const content = card.root.querySelector<HTMLElement>('.cm-content');
  if (!content) throw new Error('the card has no SQL editor');
  return { card, decisions, content };
}

function press(target: HTMLElement, key: string, modifiers: KeyboardEventInit = {}): void {
  const keyCode = key === 'Enter' ? 13 : key === 'Escape' ? 27 : key.toUpperCase().charCodeAt(0);
  target.dispatchEvent(
    new KeyboardEvent('keydown', { key, keyCode, bubbles: true, cancelable: true, ...modifiers }),
  );
}

// jsdom has no layout: CodeMirror measures text ranges after an edit, so give ranges empty boxes.
Range.prototype.getClientRects ??= function getClientRects() {
  return Object.assign([], { item: () => null }) as unknown as DOMRectList;
};
Range.prototype.getBoundingClientRect ??= function getBoundingClientRect() {
  return new DOMRect();
};

afterEach(() => document.body.replaceChildren());

describe('the approval card keyboard', () => {
  it('undoes and redoes an edit of the SQL with Ctrl+Z and Ctrl+Y', async () => {
    const { card, content } = await mount('SELECT * FROM airports');
    card.calls[0]!.sql = 'SELECT name FROM airports LIMIT 5';
    press(content, 'z', { ctrlKey: true });
    expect(card.calls[0]!.sql).toBe('SELECT * FROM airports');
    press(content, 'y', { ctrlKey: true });
    expect(card.calls[0]!.sql).toBe('SELECT name FROM airports LIMIT 5');
  });

  it('Ctrl+Enter inside the editor approves the SQL as edited', async () => {
    const { card, decisions, content } = await mount('SELECT * FROM airports');
    card.calls[0]!.sql = 'SELECT name FROM airports LIMIT 5';
    press(content, 'Enter', { ctrlKey: true });
    expect(decisions).toEqual([
      [{ kind: 'approve-edited', arguments: { sql_query: 'SELECT name FROM airports LIMIT 5' } }],
    ]);
    expect(card.calls[0]!.sql).toBe('SELECT name FROM airports LIMIT 5');
  });

  it('plain Enter inside the editor edits the SQL and approves nothing', async () => {
    const { card, decisions, content } = await mount('SELECT 1');
    press(content, 'Enter');
    expect(decisions).toEqual([]);
    expect(card.calls[0]!.sql).toContain('\n');
  });

  it('Enter on the card outside the editor still approves', async () => {
    const { card, decisions } = await mount('SELECT 1');
    card.focus();
    press(card.root, 'Enter');
    expect(decisions).toEqual([[{ kind: 'approve' }]]);
  });

  it('Esc in the editor leaves it and keeps the edit; Esc again, on the card, denies', async () => {
    const { card, decisions, content } = await mount('SELECT * FROM airports');
    card.calls[0]!.sql = 'SELECT name FROM airports LIMIT 5';
    content.focus();
    press(content, 'Escape');
    expect(decisions).toEqual([]);
    expect(document.activeElement).toBe(card.root);
    expect(card.calls[0]!.sql).toBe('SELECT name FROM airports LIMIT 5');
    press(card.root, 'Escape');
    expect(decisions).toEqual([[{ kind: 'deny' }]]);
  });

  it('after a decision the SQL can no longer change', async () => {
    const { card, content } = await mount('SELECT 1');
    press(content, 'Enter', { ctrlKey: true });
    press(content, 'Enter');
    expect(card.calls[0]!.sql).toBe('SELECT 1');
  });
});
