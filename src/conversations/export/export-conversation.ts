// A conversation as Markdown or JSON, with its tool calls, results and charts; everything passes
// redaction.
import {
  turnText,
  type CallRecord,
  type TurnRecord,
} from '../../agent/conversation/conversation-document';
import { redactArguments, redactSecrets } from '../../agent/redact/redact';
import { sqlArgument } from '../../agent/sql-argument-names';
import { ROW_CAPS } from '../../config/row-caps';
import {
  chartImage,
  chartMarkdown,
  type DrawChartImage,
  markdownTable,
  findTable,
  type TableData,
} from '../../results';
import { asChartSpec, type ChartSpec } from '../../tools/chart/chart-spec';
import { callLabel } from '../../ui/call-label';
import { formatArguments } from '../../ui/dom';
import { downloadBlob } from '../../ui/download-blob';
import { exportedAudit } from '../audit-log';
import type { Message } from '../../agent/types';

/** The JSON export's format name and version (import reads versions 1 and 2). */
export const EXPORT_FORMAT = 'mapwright-conversation';
/** Version 2 adds each round's text, the map, and the fields a call needs to come back on import. */
export const EXPORT_VERSION = 2;

/** What the JSON export carries besides the turns and the history. */
export interface JsonExportExtras {
  /** The conversation's map (result layers, filters, styles, camera), as the document keeps it. */
  map?: unknown;
  createdAt?: number;
}

function fence(text: string, language = ''): string {
  const ticks = text.includes('```') ? '````' : '```';
  return `${ticks}${language}\n${text}\n${ticks}`;
}

/** The chart the model drew in a call (render_chart), read through asChartSpec: it comes from storage. */
function modelChart(call: CallRecord): ChartSpec | undefined {
  return call.data?.kind === 'chart' ? asChartSpec(call.data.chart) : undefined;
}

/** How the Markdown export finds a result's rows and draws a chart. */
export interface MarkdownExportOptions {
  /** Finds a table's rows where the page holds them (a stored table keeps none in the document). */
  resolveTable?: (data: unknown) => TableData | undefined;
  /** Draws a chart as an image; the page's Plot code by default. */
  drawChart?: DrawChartImage;
}

/** A result's table as Markdown, or a sentence when the page no longer holds its rows. */
function tableMarkdown(table: TableData): string {
  if (table.rowsUnavailable && table.totalRows > 0) {
    const count = table.totalRows.toLocaleString('en');
    return `*${count} ${table.totalRows === 1 ? 'row' : 'rows'}; the page no longer holds them.*`;
  }
  return markdownTable(table, (row) => redactArguments(row));
}

/**
 * The conversation as Markdown: questions, answers, each tool call with its arguments and result, the
 * rows of each result table, and each chart (the model's and the person's) as an embedded SVG image.
 */
export async function conversationToMarkdown(
  title: string,
  turns: TurnRecord[],
  { resolveTable = findTable, drawChart = (spec) => chartImage(spec) }: MarkdownExportOptions = {},
): Promise<string> {
  const parts = [`# ${redactSecrets(title)}`, ''];
  for (const turn of turns) {
    parts.push(`## Question`, '', redactSecrets(turn.userText), '');
    for (const round of turn.rounds) {
      for (const call of round.calls) {
        const args = redactArguments(call.displayArguments);
        parts.push(`### Tool call: ${callLabel(call)} (${call.state})`, '');
        const sql = sqlArgument(args);
        // Already masked token by token (redactSql): masking it again as prose could join statements.
        if (sql !== undefined) parts.push(fence(sql, 'sql'), '');
        else parts.push(fence(redactSecrets(formatArguments(args)), 'json'), '');
        if (call.resultSummary)
          parts.push('Result:', '', fence(redactSecrets(call.resultSummary)), '');
        const table = resolveTable(call.data);
        const shownTable = table ? tableMarkdown(table) : '';
        if (shownTable) parts.push(shownTable, '');
        // The model's chart stands in its own call; the person's under the table it charts.
        const chart = modelChart(call) ?? (table ? asChartSpec(call.personChart) : undefined);
        if (chart) parts.push(await chartMarkdown(chart, drawChart), '');
      }
    }
    const answer = turnText(turn);
    if (answer) parts.push('## Answer', '', redactSecrets(answer), '');
    if (turn.interrupted) parts.push('_Stopped by the person; the answer is partial._', '');
    if (turn.error) parts.push(`**Error:** ${redactSecrets(turn.error.message)}`, '');
  }
  return `${parts.join('\n').trimEnd()}\n`;
}

/**
 * The conversation as JSON: the turns with their rounds, tool calls, arguments, results and rows, the
 * map, and the agent history; Import (conversations/export/read-conversation-export.ts) reads it back.
 */
export function conversationToJson(
  title: string,
  turns: TurnRecord[],
  history: Message[] = [],
  /** Finds a table's rows where the page holds them (a stored table keeps none in the document). */
  resolveTable: (data: unknown) => TableData | undefined = findTable,
  extras: JsonExportExtras = {},
): string {
  const exported = {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    title: redactSecrets(title),
    exportedAt: new Date().toISOString(),
    ...(extras.createdAt !== undefined
      ? { createdAt: new Date(extras.createdAt).toISOString() }
      : {}),
    turns: turns.map((turn, turnIndex) => ({
      turn: turnIndex + 1,
      runId: turn.runId,
      question: redactSecrets(turn.userText),
      answer: redactSecrets(turnText(turn)),
      rounds: turn.rounds.map((round) => ({
        round: round.round,
        text: redactSecrets(round.text),
        ...(round.reasoning ? { reasoning: redactSecrets(round.reasoning) } : {}),
        // The trace: when the round ran, its tokens, and how often its model call was tried again.
        ...(round.startedAt !== undefined
          ? { startedAt: new Date(round.startedAt).toISOString() }
          : {}),
        ...(round.endedAt !== undefined ? { endedAt: new Date(round.endedAt).toISOString() } : {}),
        ...(round.startedAt !== undefined && round.endedAt !== undefined
          ? { durationMs: Math.round(round.endedAt - round.startedAt) }
          : {}),
        ...(round.usage ? { usage: round.usage } : {}),
        ...(round.retries ? { retries: round.retries } : {}),
      })),
      status: turn.status,
      ...(turn.unreadable ? { unreadable: true } : {}),
      ...(turn.interrupted ? { interrupted: true } : {}),
      ...(turn.finishReason ? { finishReason: turn.finishReason } : {}),
      ...(turn.outcome ? { outcome: turn.outcome } : {}),
      ...(turn.limit ? { limit: turn.limit } : {}),
      ...(turn.error
        ? { error: { name: turn.error.name, message: redactSecrets(turn.error.message) } }
        : {}),
      startedAt: new Date(turn.startedAt).toISOString(),
      toolCalls: turn.rounds.flatMap((round) =>
        round.calls.map((call) => {
          const table = resolveTable(call.data);
          const chart = modelChart(call);
          const personChart = asChartSpec(call.personChart);
          return {
            round: round.round,
            callIndex: call.callIndex,
            tool: call.name,
            ...(call.toolTitle ? { toolTitle: call.toolTitle } : {}),
            ...(call.serverId ? { server: call.serverId } : {}),
            ...(call.serverTitle ? { serverTitle: call.serverTitle } : {}),
            ...(call.ranWithoutAsking ? { ranWithoutAsking: true } : {}),
            ...(call.reused ? { reused: true } : {}),
            // Who proposed it, what ran, who allowed it and how, and when.
            ...(call.audit ? { audit: exportedAudit(call.audit) } : {}),
            status: call.state,
            ...(call.durationMs !== undefined ? { durationMs: call.durationMs } : {}),
            arguments: redactArguments(call.displayArguments),
            result: redactSecrets(call.resultSummary ?? ''),
            ...(call.resultId !== undefined ? { resultId: call.resultId } : {}),
            ...(table
              ? {
                  rows: redactArguments(table.rows.slice(0, ROW_CAPS.keptWithConversation)),
                  totalRows: table.totalRows,
                  columns: table.columns,
                  // The columns' types, so an import keeps the table as the query typed it.
                  ...(call.data?.kind === 'table'
                    ? { columnTypes: call.data.columns.map((column) => column.type) }
                    : {}),
                }
              : {}),
            ...(chart ? { chart: exportedChart(chart) } : {}),
            ...(personChart ? { personChart: exportedChart(personChart) } : {}),
          };
        }),
      ),
    })),
    history: history.map((message) => redactArguments(redactMessage(message))),
    ...(extras.map !== undefined ? { map: extras.map } : {}),
  };
  return JSON.stringify(
    exported,
    (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value),
    2,
  );
}

/**
 * A chart as the JSON export carries it: its spec without the rows it draws (those are the rows of the
 * table call whose `resultId` it names), the title masked, and how many rows it drew.
 */
function exportedChart(spec: ChartSpec): Omit<ChartSpec, 'rows'> & { drawnRows: number } {
  const { rows, ...described } = spec;
  return {
    ...described,
    ...(spec.title !== undefined ? { title: redactSecrets(spec.title) } : {}),
    drawnRows: rows.length,
  };
}

function redactMessage(message: Message): Message {
  if (message.role === 'assistant') {
    return {
      ...message,
      content: redactSecrets(message.content),
      ...(message.toolCalls
        ? {
            toolCalls: message.toolCalls.map((call) => ({
              ...call,
              arguments: redactArguments(call.arguments),
            })),
          }
        : {}),
    };
  }
  return { ...message, content: redactSecrets(message.content) };
}

/** Offers text as a file download. */
export function downloadText(fileName: string, text: string, type: string): void {
  downloadBlob(fileName, new Blob([text], { type }));
}
