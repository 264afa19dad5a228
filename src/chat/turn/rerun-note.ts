// Whether a query's rows changed since it last ran: a call that runs the same SQL with the same tool
// as an earlier call of the conversation (Run again, or the model asking the same thing) says so in
// the timeline, compared row by row on what the page holds of both results.
import { sqlArgument } from '../../agent/sql-argument-names';
import type {
  CallRecord,
  ConversationDocument,
} from '../../agent/conversation/conversation-document';
import type { TableData } from '../../results';

const json = (value: unknown): string =>
  JSON.stringify(value, (_key, inner: unknown) =>
    typeof inner === 'bigint' ? inner.toString() : inner,
  );

const sameSql = (left: string, right: string): boolean =>
  left.replace(/\s+/g, ' ').trim() === right.replace(/\s+/g, ' ').trim();

/** The sentence comparing `call`'s rows with the last earlier run of the same SQL; none when new. */
export function rerunNote(
  document: ConversationDocument | undefined,
  turnIndex: number,
  call: CallRecord,
  resolve: (data: unknown) => TableData | undefined,
): string | undefined {
  const sql = sqlArgument(call.displayArguments);
  if (!document || call.state !== 'success' || sql === undefined) return undefined;
  let earlier: { question: number; call: CallRecord } | undefined;
  search: for (const [index, turn] of document.turns.slice(0, turnIndex + 1).entries()) {
    for (const round of turn.rounds) {
      for (const candidate of round.calls) {
        if (index === turnIndex && candidate.callId === call.callId) break search;
        const other = sqlArgument(candidate.displayArguments);
        if (
          candidate.name === call.name &&
          candidate.state === 'success' &&
          candidate.data?.kind === 'table' &&
          other !== undefined &&
          sameSql(other, sql)
        )
          earlier = { question: index + 1, call: candidate };
      }
    }
  }
  if (!earlier) return undefined;
  const before = resolve(earlier.call.data);
  const now = resolve(call.data);
  if (!before || !now || before.rowsUnavailable || now.rowsUnavailable)
    return `Ran before in question ${earlier.question}; the page no longer holds both results to compare.`;
  const same =
    json(before.columns) === json(now.columns) &&
    before.totalRows === now.totalRows &&
    json(before.rows) === json(now.rows);
  const rows = (count: number): string =>
    `${count.toLocaleString('en')} ${count === 1 ? 'row' : 'rows'}`;
  return same
    ? `Same rows as in question ${earlier.question} (${rows(now.totalRows)})`
    : `Rows changed since question ${earlier.question}: ${rows(before.totalRows)} then, ${rows(now.totalRows)} now`;
}
