// @vitest-environment jsdom
// The approval card's SQL box works before CodeMirror has loaded, and nothing typed is lost when
// CodeMirror replaces it.
import { afterEach, describe, expect, it } from 'vitest';
import { ApprovalCard } from '../../src/approval/approval-card';
import { LazySqlEditor } from '../../src/approval/lazy-sql-editor';
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

function type(box: HTMLTextAreaElement, text: string): void {
  box.value = text;
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

afterEach(() => document.body.replaceChildren());

describe('the SQL box before and after CodeMirror loads', () => {
  it('shows the SQL at once in a textarea that edits, reports changes and submits on Ctrl+Enter', () => {
    const changes: string[] = [];
    let submitted = 0;
    const editor = new LazySqlEditor('SELECT 1', 'SQL', {
      onChange: (text) => changes.push(text),
      onSubmit: () => submitted++,
    });
    const box = editor.root.querySelector('textarea');
    expect(box?.value).toBe('SELECT 1');
    expect(box?.getAttribute('aria-label')).toBe('SQL');
    type(box!, 'SELECT 2');
    expect(changes).toEqual(['SELECT 2']);
    expect(editor.value).toBe('SELECT 2');
    box!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true }));
    expect(submitted).toBe(1);
  });

  it('carries the text typed before the load, the focus and read-only into CodeMirror', async () => {
    const editor = new LazySqlEditor('SELECT 1', 'SQL');
    document.body.append(editor.root);
    const box = editor.root.querySelector('textarea')!;
    type(box, 'SELECT 2');
    box.focus();
    editor.setReadOnly(true);
    await editor.ready;
    expect(editor.root.querySelector('textarea')).toBeNull();
    const content = editor.root.querySelector('.cm-content');
    expect(content?.textContent).toBe('SELECT 2');
    expect(content?.getAttribute('contenteditable')).toBe('false');
    expect(editor.root.contains(document.activeElement)).toBe(true);
    expect(editor.value).toBe('SELECT 2');
  });

  it('plain Enter in the textarea is a new line, not an approval of the card', () => {
    const decisions: ApprovalDecision[][] = [];
    const card = new ApprovalCard({
      proposal: proposal('SELECT 1'),
      onDone: (made) => decisions.push(made),
    });
    document.body.append(card.root);
    const box = card.root.querySelector('textarea')!;
    box.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }),
    );
    expect(decisions).toEqual([]);
    box.dispatchEvent(
      new KeyboardEvent('keydown', {
        key: 'Enter',
        ctrlKey: true,
        bubbles: true,
        cancelable: true,
      }),
    );
    expect(decisions).toEqual([[{ kind: 'approve' }]]);
  });

  it('a card approved before CodeMirror loads runs the SQL as typed in the textarea', () => {
    const decisions: ApprovalDecision[][] = [];
    const card = new ApprovalCard({
      proposal: proposal('SELECT * FROM airports'),
      onDone: (made) => decisions.push(made),
    });
    document.body.append(card.root);
    type(card.root.querySelector('textarea')!, 'SELECT name FROM airports LIMIT 5');
    const approve = [...card.root.querySelectorAll('button')].find(
      (node) => node.textContent === 'Approve',
    );
    approve!.click();
    expect(decisions).toEqual([
      [{ kind: 'approve-edited', arguments: { sql_query: 'SELECT name FROM airports LIMIT 5' } }],
    ]);
  });
});
