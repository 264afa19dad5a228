// @vitest-environment jsdom
// SQL that holds a secret is shown masked on the card; the analyst must never send the mask as a value.
import { afterEach, describe, expect, it } from 'vitest';
import { sqlDisplayMismatch } from '../../src/agent/proposal/sql-display-check';
import { redactArguments } from '../../src/agent/redact/redact';
import { ApprovalCard } from '../../src/approval/approval-card';
import { loadSqlEditor } from '../../src/approval/lazy-sql-editor';
import type { ApprovalDecision, ToolProposal } from '../../src/agent/types';

const SECRET_SQL =
  "SELECT * FROM read_csv('https://analyst:s3cretPass9@data.example.com/flights.csv') LIMIT 10";
const PLAIN_SQL = 'SELECT name FROM airports LIMIT 10';

function mount(sql: string) {
  const args = { sql_query: sql };
  const proposal: ToolProposal = {
    runId: 'run-1',
    round: 0,
    description: 'Reads a CSV file',
    calls: [
      {
        callIndex: 0,
        call: { id: 'c0', name: 'query', arguments: args },
        displayArguments: redactArguments(args),
        serverId: 'warehouse',
        description: 'Reads a CSV file',
        modifiesData: false,
      },
    ],
  };
  const decisions: ApprovalDecision[][] = [];
  const card = new ApprovalCard({ proposal, onDone: (made) => decisions.push(made) });
  document.body.append(card.root);
  const approve = [...card.root.querySelectorAll('button')].find(
    (node) => node.textContent === 'Approve',
  );
  if (!approve) throw new Error('no Approve button');
  return { card, decisions, approve };
}

afterEach(() => document.body.replaceChildren());

describe('SQL with a secret on the approval card', () => {
  it('shows the SQL masked, read-only, with a note saying why and what to do', async () => {
    const { card } = mount(SECRET_SQL);
    await loadSqlEditor();
    const content = card.root.querySelector('.cm-content');
    expect(content?.textContent).toContain('analyst:[REDACTED]@');
    expect(content?.textContent).not.toContain('s3cretPass9');
    expect(content?.getAttribute('contenteditable')).toBe('false');
    expect(card.root.querySelector('.mw-masked-sql')?.textContent).toMatch(
      /contains a secret.*cannot be edited.*Deny with a reason/,
    );
  });

  it('approving the unchanged SQL runs the real arguments, secret included', () => {
    const { decisions, approve } = mount(SECRET_SQL);
    approve.click();
    // A plain approval: the agent runs the call's own arguments, never the masked text.
    expect(decisions).toEqual([[{ kind: 'approve' }]]);
  });

  it('refuses an edit of masked SQL with a clear message instead of running the mask', () => {
    const { card, decisions, approve } = mount(SECRET_SQL);
    card.calls[0]!.sql = SECRET_SQL.replace('s3cretPass9', '[REDACTED]').replace('10', '5');
    approve.click();
    expect(decisions).toEqual([]);
    expect(card.calls[0]!.root.dataset.refused).toBe('true');
    expect(card.calls[0]!.root.querySelector('[role="alert"]')?.textContent).toMatch(
      /Not approved: .*secret/,
    );
  });

  it('refuses edited SQL that contains the mask, even when the original held no secret', () => {
    const { card, decisions, approve } = mount(PLAIN_SQL);
    expect(card.root.querySelector('.mw-masked-sql')).toBeNull();
    card.calls[0]!.sql = "SELECT * FROM t WHERE token = '[REDACTED]'";
    approve.click();
    expect(decisions).toEqual([]);
    expect(card.calls[0]!.root.textContent).toContain('would run as literal text');
    card.calls[0]!.sql = 'SELECT name FROM airports LIMIT 3';
    approve.click();
    expect(decisions).toEqual([
      [{ kind: 'approve-edited', arguments: { sql_query: 'SELECT name FROM airports LIMIT 3' } }],
    ]);
  });
});

describe('SQL whose masked display reads as other statements', () => {
  it('says so plainly on the card, and Approve refuses to run it', () => {
    const sql = "SELECT 'password=' ; DROP TABLE airports; --'";
    const args = { sql_query: sql };
    // A display masked as prose, where the quoted value swallowed the DROP.
    const displayArguments = { sql_query: "SELECT 'password='[REDACTED]'" };
    const mismatch = sqlDisplayMismatch(args, displayArguments);
    const proposal: ToolProposal = {
      runId: 'run-1',
      round: 0,
      description: 'query: reads nothing',
      calls: [
        {
          callIndex: 0,
          call: { id: 'c0', name: 'query', arguments: args },
          displayArguments,
          ...(mismatch === undefined ? {} : { displayMismatch: mismatch }),
          serverId: 'warehouse',
          description: 'query: reads nothing',
          modifiesData: false,
        },
      ],
    };
    const decisions: ApprovalDecision[][] = [];
    const card = new ApprovalCard({ proposal, onDone: (made) => decisions.push(made) });
    document.body.append(card.root);
    expect(card.root.querySelector('.mw-display-mismatch')?.textContent).toContain(
      'the SQL that would run is 2 statements (SELECT, DROP)',
    );
    card.calls[0]!.approve();
    expect(decisions).toEqual([]);
    expect(card.calls[0]!.root.dataset.refused).toBe('true');
    expect(card.calls[0]!.root.querySelector('.mw-call-outcome')?.textContent).toMatch(
      /^Not approved: .*It cannot be approved/,
    );
  });
});
