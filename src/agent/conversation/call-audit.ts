// The record an analyst reads of one call: which run proposed it, what was proposed and what ran, who
// allowed it and how, when, and with which model. The reducer writes it as the call moves on (proposed,
// decided, started, finished); exports read it. Arguments in it are masked like everything shown.
import { redactArguments, redactSecrets } from '../redact/redact';
import type { ApprovalDecision, UnaskedApproval } from '../types';

/** Whether the call was allowed to run. */
export type AuditDecision = 'approved' | 'denied';

/**
 * How the decision was made: the person was `asked` and approved or denied, approved after an `edited`
 * change, or the call ran without a card (the person's choice for the session: auto-approve, a tool
 * allowed on a card, a tool set to run without asking in Settings; the person's choice remembered on
 * this device; the publisher's policy), or an earlier identical call's answer was `reused` (the server
 * was not called), or it needed no approval (`not-needed`: a map tool, or a call that failed before it
 * could run).
 */
export type AuditDecidedBy = 'asked' | 'edited' | UnaskedApproval | 'not-needed';

/** Every way a decision is made, in the order the audit log explains them. */
export const AUDIT_DECIDED_BY: readonly AuditDecidedBy[] = [
  'asked',
  'edited',
  'session-allow-list',
  'auto-approve',
  'session-setting',
  'remembered-setting',
  'publisher-policy',
  'reused',
  'not-needed',
];

/** One call's audit record. Absent on calls stored by releases that did not keep it. */
export interface CallAudit {
  /** The run that proposed (or ran) the call: a turn resumed after a card has runs of its own. */
  runId: string;
  /** The model that asked for the call, as `provider:model`. */
  model?: string;
  /** The arguments as proposed, masked (the SQL the card showed). */
  proposedArguments: Record<string, unknown>;
  /** The arguments that ran, masked, when the person edited them. */
  ranArguments?: Record<string, unknown>;
  /** Absent while the card waits, and when the turn stopped before the person decided. */
  decision?: AuditDecision;
  decidedBy: AuditDecidedBy;
  /** The person's reason for denying, when they gave one (masked). */
  reason?: string;
  proposedAt: number;
  decidedAt?: number;
  finishedAt?: number;
  /**
   * Set on every record read from an imported file: what it says was decided elsewhere, unchecked, and
   * never counts as a decision made in this browser.
   */
  imported?: true;
}

/** The model id split into provider and model (`openai:gpt-4o` → openai, gpt-4o). */
export function modelParts(model: string | undefined): { provider: string; model: string } {
  if (!model) return { provider: '', model: '' };
  const colon = model.indexOf(':');
  return colon === -1
    ? { provider: '', model }
    : { provider: model.slice(0, colon), model: model.slice(colon + 1) };
}

/** The audit record of a call that the person decided on a card. */
export function decidedAudit(audit: CallAudit, decision: ApprovalDecision, at: number): CallAudit {
  if (decision.kind === 'deny') {
    const reason = decision.reason?.trim();
    return {
      ...audit,
      decision: 'denied',
      decidedBy: 'asked',
      decidedAt: at,
      ...(reason ? { reason: redactSecrets(reason) } : {}),
    };
  }
  return {
    ...audit,
    decision: 'approved',
    decidedBy: decision.kind === 'approve-edited' ? 'edited' : 'asked',
    decidedAt: at,
    ...(decision.kind === 'approve-edited'
      ? { ranArguments: redactArguments(decision.arguments) }
      : {}),
  };
}

/** The words a person reads for a decision (the timeline, the audit log). */
export function describeDecision(audit: CallAudit): string {
  const how: Record<AuditDecidedBy, string> = {
    asked: audit.decision === 'denied' ? 'Denied' : 'Approved',
    edited: 'Approved after an edit',
    'session-allow-list': 'Allowed for the session',
    'auto-approve': 'Auto-approved',
    'session-setting': 'Set to run without asking for this session',
    'remembered-setting': 'Set to run without asking on this device (remembered)',
    'publisher-policy': "Allowed by the publisher's policy",
    reused: 'Reused an earlier answer (the server was not called)',
    'not-needed': 'No approval needed',
  };
  const reason = audit.decision === 'denied' && audit.reason ? `: ${audit.reason}` : '';
  const decided =
    audit.decision === undefined && audit.decidedBy === 'asked'
      ? 'Not decided'
      : `${how[audit.decidedBy]}${reason}`;
  // The file's word is quoted, never repeated as this browser's own: anyone can write that file.
  return audit.imported ? `Imported, not decided here (the file says “${decided}”)` : decided;
}
