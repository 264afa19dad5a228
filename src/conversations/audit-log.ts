// The audit log of a conversation as CSV: one row per tool call, with who proposed it, what ran, who
// allowed it and how, and when. Everything passes redaction, and every cell is quoted; a cell that a
// spreadsheet would read as a formula starts with an apostrophe, so opening the file runs nothing.
import { describeDecision, modelParts, type CallAudit } from '../agent/conversation/call-audit';
import { redactArguments, redactSecrets } from '../agent/redact/redact';
import { sqlArgument } from '../agent/sql-argument-names';
import { formatArguments } from '../ui/dom';
import type { CallRecord, TurnRecord } from '../agent/conversation/conversation-document';

/** The audit log's columns, in order. */
export const AUDIT_LOG_COLUMNS = [
  'turn',
  'round',
  'call_index',
  'run_id',
  'tool',
  'server',
  'status',
  'decision',
  'decided_by',
  'decision_text',
  'reason',
  'proposed',
  'ran',
  'proposed_at',
  'decided_at',
  'finished_at',
  'duration_ms',
  'provider',
  'model',
  'imported',
] as const;

type AuditLogColumn = (typeof AUDIT_LOG_COLUMNS)[number];

/**
 * The conversation's calls as an audit log (CSV, a header row, CRLF line ends as RFC 4180 asks), and a
 * row for each turn a limit ended (its rounds or its time), after that turn's calls.
 */
export function auditLogCsv(turns: TurnRecord[]): string {
  const rows = turns.flatMap((turn, turnIndex) => [
    ...turn.rounds.flatMap((round) =>
      round.calls.map((call) => auditRow(turn, turnIndex + 1, round.round, call)),
    ),
    ...(turn.limit ? [limitRow(turn, turnIndex + 1, turn.limit)] : []),
  ]);
  const lines = [
    AUDIT_LOG_COLUMNS.map(csvCell).join(','),
    ...rows.map((row) => AUDIT_LOG_COLUMNS.map((column) => csvCell(row[column])).join(',')),
  ];
  return `${lines.join('\r\n')}\r\n`;
}

/** A call's audit record as the JSON export carries it (masked again: it may come from an import). */
export function exportedAudit(audit: CallAudit): CallAudit {
  return {
    ...redactArguments(audit),
    ...(audit.reason !== undefined ? { reason: redactSecrets(audit.reason) } : {}),
  };
}

function auditRow(
  turn: TurnRecord,
  turnNumber: number,
  round: number,
  call: CallRecord,
): Record<AuditLogColumn, string> {
  const audit = call.audit ? exportedAudit(call.audit) : undefined;
  const { provider, model } = modelParts(audit?.model);
  const proposed = audit?.proposedArguments ?? redactArguments(call.displayArguments);
  // An imported record is what a file claims happened elsewhere: its decision is never counted as one
  // made here (the decision columns stay empty), and the text quotes what the file says.
  const imported = audit?.imported === true;
  return {
    turn: String(turnNumber),
    round: String(round),
    call_index: String(call.callIndex),
    run_id: audit?.runId ?? turn.runId,
    tool: call.name,
    server: call.serverId ?? '',
    // A reused answer is no run: the server was not called.
    status: call.reused ? 'reused' : call.state,
    decision: imported ? '' : (audit?.decision ?? ''),
    decided_by: imported
      ? 'imported'
      : (audit?.decidedBy ?? (call.ranWithoutAsking ? 'without-asking' : '')),
    decision_text: audit ? describeDecision(audit) : 'Not recorded (an older conversation)',
    reason: audit?.reason ?? '',
    proposed: argumentsText(proposed),
    ran: audit?.ranArguments ? argumentsText(audit.ranArguments) : '',
    proposed_at: isoTime(audit?.proposedAt),
    decided_at: isoTime(audit?.decidedAt),
    finished_at: isoTime(audit?.finishedAt),
    duration_ms: call.durationMs === undefined ? '' : String(Math.round(call.durationMs)),
    provider,
    model,
    imported: imported ? 'yes' : '',
  };
}

/** The row of a turn that a limit ended: no call, the limit named as what decided it. */
function limitRow(
  turn: TurnRecord,
  turnNumber: number,
  limit: 'rounds' | 'deadline',
): Record<AuditLogColumn, string> {
  const lastRound = turn.rounds.at(-1)?.round ?? 0;
  const blank = Object.fromEntries(AUDIT_LOG_COLUMNS.map((column) => [column, ''])) as Record<
    AuditLogColumn,
    string
  >;
  return {
    ...blank,
    turn: String(turnNumber),
    round: String(lastRound),
    run_id: turn.runId,
    status: 'limit',
    decided_by: limit === 'rounds' ? 'round-limit' : 'time-limit',
    decision_text:
      limit === 'rounds'
        ? 'The turn stopped at its round limit (Continue goes on)'
        : 'The turn stopped at its time limit (Continue goes on)',
    finished_at: isoTime(turn.endedAt),
  };
}

/** The SQL of a call when it has one, else its arguments as JSON (both masked already). */
function argumentsText(args: Record<string, unknown>): string {
  return sqlArgument(args) ?? formatArguments(args);
}

function isoTime(at: number | undefined): string {
  return at === undefined ? '' : new Date(at).toISOString();
}

/** One CSV cell: always quoted, quotes doubled, formula-like text made inert. */
function csvCell(value: string): string {
  const inert = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${inert.replaceAll('"', '""')}"`;
}
