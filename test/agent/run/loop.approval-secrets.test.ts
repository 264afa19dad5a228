// What the person approves is what runs, and what the model and the timeline read of an approved call
// holds no secret the person typed.
import { describe, expect, it } from 'vitest';
import { sqlDisplayMismatch } from '../../../src/agent/proposal/sql-display-check';
import { redactSecrets } from '../../../src/agent/redact/redact';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, mcpTool, ofType, scriptedGate, sqlSchema } from '../fakes';

describe('approvals of SQL with secrets in it', () => {
  it('shows every statement on the card, even after a masked value cut by a carriage return', async () => {
    const sql =
      "SELECT count(*) FROM airports -- password: 'x\rUPDATE airports SET name = 'y' WHERE 1 = 1 --'";
    const query = mcpTool('duckdb', 'query', () => ({ content: '1' }), sqlSchema);
    const gate = scriptedGate(() => [{ kind: 'deny' }]);
    const model = createScriptedModel([
      { toolCalls: [{ name: 'query', arguments: { sql } }] },
      { text: 'ok' },
    ]);
    await finish(createAgent(model, [query], { approvalGate: gate }).send('go'));
    const shown = gate.proposals[0]?.calls[0];
    expect(shown?.displayArguments.sql).toBe(
      "SELECT count(*) FROM airports -- password: '[REDACTED]\rUPDATE airports SET name = 'y' WHERE 1 = 1 --'",
    );
    expect(shown?.displayMismatch).toBeUndefined();
  });

  it('tells the model and the timeline what an edited call ran, with its secrets masked', async () => {
    const query = mcpTool('duckdb', 'query', () => ({ content: 'rows' }), sqlSchema);
    const edited = "SELECT * FROM read_csv('https://ana:hunter2@db.example.com/x.csv')";
    const gate = scriptedGate(() => [{ kind: 'approve-edited', arguments: { sql: edited } }]);
    const model = createScriptedModel([
      { toolCalls: [{ name: 'query', arguments: { sql: 'SELECT 1' } }] },
      {
        expect: (request) => {
          const content = request.messages.at(-1)?.content ?? '';
          expect(content).toContain('edited the arguments');
          expect(content).toContain('https://ana:[REDACTED]@db.example.com/x.csv');
          expect(content).not.toContain('hunter2');
        },
        text: 'ok',
      },
    ]);
    const { events } = await finish(createAgent(model, [query], { approvalGate: gate }).send('go'));
    // The query itself ran with what the person typed.
    expect(query.calls).toEqual([{ sql: edited }]);
    const timeline = JSON.stringify([
      ...ofType(events, 'tool-call-start').map((event) => event.displayArguments),
      ...ofType(events, 'tool-call-end').map((event) => event.result.content),
    ]);
    expect(timeline).not.toContain('hunter2');
    model.assertAllUsed();
  });
});

describe('sqlDisplayMismatch', () => {
  it('names the statements shown and the statements that would run when masking changed them', () => {
    const sql = "SELECT 'password=' ; DROP TABLE airports; --'";
    // Masking the SQL as prose lets the quoted value swallow the DROP.
    const display = { sql: redactSecrets(sql) };
    expect(display.sql).not.toContain('DROP');
    expect(sqlDisplayMismatch({ sql }, display)).toBe(
      'The SQL shown with its secrets masked reads as 1 statement (SELECT), but the SQL that would run ' +
        'is 2 statements (SELECT, DROP). It cannot be approved: Deny it and ask for the query again.',
    );
  });

  it('says nothing when the masked SQL has the same statements', () => {
    const sql = "SELECT * FROM t WHERE password = 'hunter2'; SELECT 2";
    expect(
      sqlDisplayMismatch(
        { sql },
        { sql: "SELECT * FROM t WHERE password = '[REDACTED]'; SELECT 2" },
      ),
    ).toBeUndefined();
    expect(sqlDisplayMismatch({ zoom: 3 }, { zoom: 3 })).toBeUndefined();
  });
});
