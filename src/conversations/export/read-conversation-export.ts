// A conversation's JSON export (conversations/export/export-conversation.ts, versions 1 and 2) read back into a document
// and the result rows kept beside it. The file comes from anywhere: every value is checked, secrets are
// masked again, and the document built passes the same validation as one loaded from storage. What the
// model reads next is rebuilt from what the turns show (the file's own `history` is ignored), and every
// audit record is marked imported: a file's claim, not a decision made in this browser.
import { CONVERSATION_VERSION } from '../../agent/conversation/conversation-document';
import { titleFromQuestion } from '../../agent/conversation/conversation-title';
import { historyFromTurns } from '../../agent/conversation/history-from-turns';
import { validateConversation } from '../../agent/conversation/validate-conversation';
import { redactArguments, redactSecrets } from '../../agent/redact/redact';
import { EMBEDDED_SERVER_ID } from '../../mcp/config/mcp-server-config';
import { isRecord } from '../../tools/table-result-data';
import type {
  CallRecord,
  ConversationDocument,
  RoundRecord,
  TurnRecord,
} from '../../agent/conversation/conversation-document';
import type { StoredResult } from '../../tools/result-store';

/** The sentence for a file that is not a Mapwright export. */
export const NOT_AN_EXPORT =
  'This file is not a Mapwright conversation export (Export JSON in Conversations makes one).';

/** What an export holds, ready to store; or why the file cannot be imported. */
export type ReadExport =
  | { ok: true; document: ConversationDocument; results: StoredResult[] }
  | { ok: false; problem: string };

type Loose = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isRecord) : []);
const time = (value: unknown, fallback: number): number => {
  const parsed = typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(parsed) ? parsed : fallback;
};

/** The rows a chart draws: the columns it names, from its table's rows (the export leaves them out). */
function chartRows(chart: Loose, rows: Record<string, unknown>[]): Record<string, unknown>[] {
  const used = [chart.x, chart.y, chart.color].filter((name) => typeof name === 'string');
  return rows.map((row) => Object.fromEntries(used.map((name) => [name, row[name]])));
}

function withoutCount(chart: Loose): Loose {
  const { drawnRows: _drawnRows, ...spec } = chart;
  return spec;
}

/** One exported call, and the result its rows make when it returned a table with a result id. */
function readCall(
  call: Loose,
  callIndex: number,
  rowsOf: (resultId: string) => Record<string, unknown>[],
): { record: CallRecord; result?: StoredResult } {
  const resultId = typeof call.resultId === 'string' && call.resultId ? call.resultId : undefined;
  const names = Array.isArray(call.columns)
    ? call.columns.filter((name) => typeof name === 'string')
    : [];
  const types = Array.isArray(call.columnTypes) ? call.columnTypes : [];
  const columns = names.map((name, index) => ({ name, type: text(types[index]) || 'VARCHAR' }));
  const rows = list(call.rows).map((row) => redactArguments(row));
  const hasTable = Array.isArray(call.rows) && names.length > 0;
  const totalRows = typeof call.totalRows === 'number' ? call.totalRows : rows.length;
  const chart = isRecord(call.chart) ? withoutCount(call.chart) : undefined;
  const personChart = isRecord(call.personChart) ? withoutCount(call.personChart) : undefined;
  const chartFrom = (spec: Loose) => ({
    ...spec,
    ...(typeof spec.title === 'string' ? { title: redactSecrets(spec.title) } : {}),
    rows: chartRows(spec, typeof spec.resultId === 'string' ? rowsOf(spec.resultId) : []),
  });
  const data = hasTable
    ? {
        kind: 'table',
        ...(resultId ? { resultId } : { rows }),
        columns,
        totalRows,
        ...(totalRows > rows.length ? { truncated: true } : {}),
      }
    : chart
      ? { kind: 'chart', chart: chartFrom(chart) }
      : undefined;
  const record = {
    callIndex,
    name: text(call.tool),
    displayArguments: isRecord(call.arguments) ? redactArguments(call.arguments) : {},
    // A call exported while it waited or ran did not finish: it comes back cancelled.
    state: call.status === 'pending' || call.status === 'running' ? 'cancelled' : call.status,
    ...(typeof call.toolTitle === 'string' ? { toolTitle: call.toolTitle } : {}),
    ...(typeof call.server === 'string' ? { serverId: call.server } : {}),
    ...(typeof call.serverTitle === 'string' ? { serverTitle: call.serverTitle } : {}),
    ...(call.ranWithoutAsking === true ? { ranWithoutAsking: true } : {}),
    // Checked with the document (validate-conversation): a record that does not fit is left out.
    ...(isRecord(call.audit) ? { audit: { ...redactArguments(call.audit), imported: true } } : {}),
    ...(typeof call.durationMs === 'number' ? { durationMs: call.durationMs } : {}),
    ...(text(call.result) ? { resultSummary: redactSecrets(text(call.result)) } : {}),
    ...(resultId ? { resultId } : {}),
    ...(data ? { data } : {}),
    ...(personChart ? { personChart: chartFrom(personChart) } : {}),
  } as unknown as CallRecord;
  const result: StoredResult | undefined =
    hasTable && resultId
      ? {
          resultId,
          serverId: typeof call.server === 'string' ? call.server : EMBEDDED_SERVER_ID,
          columns,
          rows,
          totalRows,
        }
      : undefined;
  return { record, ...(result ? { result } : {}) };
}

/** One exported turn: its rounds (version 2), or one round holding the answer (version 1). */
function readTurn(
  turn: Loose,
  index: number,
  now: number,
  rowsOf: (resultId: string) => Record<string, unknown>[],
  results: Map<string, StoredResult>,
): TurnRecord {
  const exportedRounds = list(turn.rounds);
  const calls = list(turn.toolCalls);
  const numbers = new Set<number>([
    ...exportedRounds.map((round) => Number(round.round)),
    ...calls.map((call) => Number(call.round)),
  ]);
  if (numbers.size === 0) numbers.add(0);
  const rounds: RoundRecord[] = [...numbers]
    .filter(Number.isFinite)
    .sort((left, right) => left - right)
    .map((round) => {
      const exported = exportedRounds.find((candidate) => Number(candidate.round) === round);
      const roundCalls = calls
        .filter((call) => Number(call.round) === round)
        .map((call, callIndex) => readCall(call, callIndex, rowsOf));
      for (const { result } of roundCalls) if (result) results.set(result.resultId, result);
      return {
        round,
        text: redactSecrets(text(exported?.text)),
        reasoning: redactSecrets(text(exported?.reasoning)),
        calls: roundCalls.map(({ record }) => record),
      };
    });
  const last = rounds.at(-1);
  // Version 1 kept only the whole answer: it goes in the last round.
  if (exportedRounds.length === 0 && last) last.text = redactSecrets(text(turn.answer));
  const error = isRecord(turn.error)
    ? { name: text(turn.error.name) || 'Error', message: redactSecrets(text(turn.error.message)) }
    : undefined;
  const startedAt = time(turn.startedAt, now);
  return {
    runId: `imported-${now.toString(36)}-${index}`,
    userText: redactSecrets(text(turn.question)),
    startedAt,
    endedAt: startedAt,
    // A turn exported while it ran is settled: nothing runs in the conversation it comes back as.
    status: turn.status === 'failed' ? 'failed' : 'idle',
    rounds,
    ...(typeof turn.outcome === 'string' ? { outcome: turn.outcome } : {}),
    ...(typeof turn.finishReason === 'string' ? { finishReason: turn.finishReason } : {}),
    ...(turn.interrupted === true ? { interrupted: true } : {}),
    ...(error ? { error } : {}),
  } as TurnRecord;
}

/** Reads an export (parsed JSON) into a new conversation `id`; checks every part on the way. */
export function readConversationExport(value: unknown, id: string, now: number): ReadExport {
  if (
    !isRecord(value) ||
    value.format !== 'mapwright-conversation' ||
    (value.version !== 1 && value.version !== 2) ||
    !Array.isArray(value.turns)
  )
    return { ok: false, problem: NOT_AN_EXPORT };
  const exportedTurns = list(value.turns);
  // A chart's rows come from the table whose result id it names, wherever that table is.
  const tableRows = new Map<string, Record<string, unknown>[]>();
  for (const call of exportedTurns.flatMap((turn) => list(turn.toolCalls))) {
    if (typeof call.resultId === 'string' && Array.isArray(call.rows))
      tableRows.set(
        call.resultId,
        list(call.rows).map((row) => redactArguments(row)),
      );
  }
  const rowsOf = (resultId: string) => tableRows.get(resultId) ?? [];
  const results = new Map<string, StoredResult>();
  const turns = exportedTurns.map((turn, index) => readTurn(turn, index, now, rowsOf, results));
  const validated = validateConversation(
    {
      version: CONVERSATION_VERSION,
      id,
      title: redactSecrets(text(value.title)),
      // A renamed title stays as it was; an untitled one follows the first question as usual.
      titleEdited:
        text(value.title) !== '' &&
        text(value.title) !== titleFromQuestion(turns[0]?.userText ?? ''),
      createdAt: time(value.createdAt, now),
      updatedAt: now,
      turns,
      agent: { history: [], status: 'idle' },
      ...(isRecord(value.map) ? { map: value.map } : {}),
      resultIds: [...results.keys()],
    },
    now,
  );
  if (!validated.readable) return { ok: false, problem: NOT_AN_EXPORT };
  const shown = historyFromTurns(validated.document.turns);
  const document = {
    ...validated.document,
    turns: shown.turns,
    agent: { ...validated.document.agent, history: shown.history },
  };
  return { ok: true, document, results: [...results.values()] };
}
