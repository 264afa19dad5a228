// The audit log a spreadsheet opens: one quoted row per call, secrets masked, no cell read as a formula.
import { describe, expect, it } from 'vitest';
import { auditLogCsv } from '../../src/conversations/audit-log';
import type { TurnRecord } from '../../src/agent/conversation/conversation-document';

const secret = 'sk-proj-abcdefghijklmnopqrstuvwx1234';

const turn: TurnRecord = {
  runId: 'run-1',
  userText: 'Quakes?',
  startedAt: 0,
  status: 'idle',
  rounds: [
    {
      round: 0,
      text: '',
      reasoning: '',
      calls: [
        {
          callIndex: 0,
          name: 'query',
          serverId: 'embedded',
          displayArguments: { sql: 'SELECT "mag" FROM quakes' },
          state: 'declined',
          audit: {
            runId: 'run-1',
            model: 'openai:gpt-4o',
            proposedArguments: { sql: 'SELECT "mag" FROM quakes' },
            decision: 'denied',
            decidedBy: 'asked',
            reason: `=HYPERLINK("x") key ${secret}`,
            proposedAt: Date.UTC(2026, 0, 2, 3, 4, 5),
            decidedAt: Date.UTC(2026, 0, 2, 3, 4, 9),
          },
        },
        { callIndex: 1, name: 'zoom_to', displayArguments: {}, state: 'success' },
      ],
    },
  ],
};

function parse(csv: string): string[][] {
  return csv
    .trimEnd()
    .split('\r\n')
    .map((line) =>
      [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((match) => match[1]!.replaceAll('""', '"')),
    );
}

describe('the audit log', () => {
  it('has a row per call with the decision, the reason, times and the model', () => {
    const [header, denied, older] = parse(auditLogCsv([turn]));
    const row = Object.fromEntries(header!.map((column, index) => [column, denied![index]]));
    expect(row).toMatchObject({
      turn: '1',
      call_index: '0',
      run_id: 'run-1',
      tool: 'query',
      server: 'embedded',
      decision: 'denied',
      decided_by: 'asked',
      proposed: 'SELECT "mag" FROM quakes',
      proposed_at: '2026-01-02T03:04:05.000Z',
      decided_at: '2026-01-02T03:04:09.000Z',
      provider: 'openai',
      model: 'gpt-4o',
    });
    // The reason is masked and cannot run as a formula in a spreadsheet.
    expect(row.reason?.startsWith("'=")).toBe(true);
    expect(row.reason).not.toContain(secret);
    expect(older?.[header!.indexOf('decision_text')]).toBe('Not recorded (an older conversation)');
  });

  it('writes a duration in whole milliseconds, without float noise', () => {
    const timed: TurnRecord = {
      ...turn,
      rounds: [
        {
          round: 0,
          text: '',
          reasoning: '',
          calls: [
            {
              callIndex: 0,
              name: 'query',
              displayArguments: {},
              state: 'success',
              durationMs: 6848.5999999996275,
            },
          ],
        },
      ],
    };
    const [header, row] = parse(auditLogCsv([timed]));
    expect(row![header!.indexOf('duration_ms')]).toBe('6849');
  });
});

describe('imported audit records', () => {
  it('are marked imported and never counted as a decision made in this browser', () => {
    const forged: TurnRecord = {
      ...turn,
      rounds: [
        {
          round: 0,
          text: '',
          reasoning: '',
          calls: [
            {
              callIndex: 0,
              name: 'query',
              serverId: 'embedded',
              displayArguments: { sql: 'DELETE FROM quakes' },
              state: 'success',
              audit: {
                runId: 'run-forged',
                proposedArguments: { sql: 'DELETE FROM quakes' },
                decision: 'approved',
                decidedBy: 'asked',
                proposedAt: 0,
                decidedAt: 1,
                imported: true,
              },
            },
          ],
        },
      ],
    };
    const [header, row] = parse(auditLogCsv([forged]));
    const cells = Object.fromEntries(header!.map((column, index) => [column, row![index]]));
    expect(cells).toMatchObject({ decision: '', decided_by: 'imported', imported: 'yes' });
    expect(cells.decision_text).toBe('Imported, not decided here (the file says “Approved”)');
  });
});

describe('the audit log says what did not run', () => {
  const rowsOf = (turns: TurnRecord[]) => {
    const [header, ...rows] = parse(auditLogCsv(turns));
    return rows.map((cells) =>
      Object.fromEntries(header!.map((column, index) => [column, cells[index]])),
    );
  };

  it('marks a reused answer as no run of the server', () => {
    const reused: TurnRecord = {
      ...turn,
      rounds: [
        {
          round: 0,
          text: '',
          reasoning: '',
          calls: [
            {
              callIndex: 0,
              name: 'list_tables',
              serverId: 'embedded',
              displayArguments: {},
              state: 'success',
              reused: true,
              audit: {
                runId: 'run-1',
                proposedArguments: {},
                decidedBy: 'reused',
                proposedAt: 0,
                decidedAt: 0,
              },
            },
          ],
        },
      ],
    };
    expect(rowsOf([reused])[0]).toMatchObject({
      status: 'reused',
      decision: '',
      decided_by: 'reused',
      decision_text: 'Reused an earlier answer (the server was not called)',
    });
  });

  it('leaves a row for a turn its round limit ended', () => {
    const stopped: TurnRecord = { ...turn, outcome: 'checkpoint', limit: 'rounds', endedAt: 5 };
    const rows = rowsOf([stopped]);
    expect(rows.at(-1)).toMatchObject({
      turn: '1',
      run_id: 'run-1',
      tool: '',
      status: 'limit',
      decided_by: 'round-limit',
      finished_at: new Date(5).toISOString(),
    });
    expect(rows).toHaveLength(3);
  });
});
