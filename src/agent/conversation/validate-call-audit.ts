// A stored call's audit record checked against its type. Documents written before calls kept one have
// none, which is fine; a record that does not fit is left out rather than shown half-true.
import { AUDIT_DECIDED_BY, type CallAudit } from './call-audit';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);
const optionalString = (value: unknown): boolean => value === undefined || isString(value);
const optionalNumber = (value: unknown): boolean => value === undefined || isNumber(value);

/** True when `value` is a call's audit record as the reducer writes it. */
export function isCallAudit(value: unknown): value is CallAudit {
  return (
    isRecord(value) &&
    isString(value.runId) &&
    optionalString(value.model) &&
    isRecord(value.proposedArguments) &&
    (value.ranArguments === undefined || isRecord(value.ranArguments)) &&
    (value.decision === undefined ||
      value.decision === 'approved' ||
      value.decision === 'denied') &&
    AUDIT_DECIDED_BY.includes(value.decidedBy as CallAudit['decidedBy']) &&
    optionalString(value.reason) &&
    isNumber(value.proposedAt) &&
    optionalNumber(value.decidedAt) &&
    optionalNumber(value.finishedAt) &&
    (value.imported === undefined || value.imported === true)
  );
}
