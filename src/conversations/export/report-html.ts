// A conversation as a report: one self-contained HTML file that opens offline in any browser with no
// script. The questions and answers, each query with its SQL, its decision and a table of its rows,
// the charts as SVG images, the map as it was, and the data's credits. Every text is escaped, every
// value masked; the only images are data: URIs checked for their type, and a strict CSP in the file
// forbids scripts, requests and frames whatever it contains.
import { describeDecision } from '../../agent/conversation/call-audit';
import {
  turnText,
  type CallRecord,
  type TurnRecord,
} from '../../agent/conversation/conversation-document';
import { redactArguments, redactSecrets } from '../../agent/redact/redact';
import { sqlArgument } from '../../agent/sql-argument-names';
import { ROW_CAPS } from '../../config/row-caps';
import { redactChartSpec, type DrawChartImage, shownCellText, type TableData } from '../../results';
import { asChartSpec, type ChartSpec } from '../../tools/chart/chart-spec';
import { callLabel } from '../../ui/call-label';
import { formatArguments } from '../../ui/dom';
import { escapeHtml } from '../../web/escape-html';

/** What a report is made of. */
export interface ReportInput {
  title: string;
  createdAt: number;
  turns: TurnRecord[];
  /** Finds a table's rows where the page holds them. */
  resolveTable: (data: unknown) => TableData | undefined;
  drawChart: DrawChartImage;
  /** The map as it is on screen, as a PNG data: URI, when there is one. */
  mapImage?: string;
  /** The credits of the map and its data, as plain text. */
  attributions: string[];
  /** When the report was written (epoch milliseconds). */
  now: number;
  /**
   * An answer's markdown as safe HTML (ui/markdown's renderMarkdown in the page), so `**bold**` reads
   * bold; without it the answer is escaped text.
   */
  renderAnswer?: (markdown: string) => string;
  /** The time zone its times are written in (default the browser's). */
  timeZone?: string;
}

/** A time as people read it ("2 January 2026 at 03:04 UTC"), its ISO form kept for machines. */
export function reportTime(epochMs: number, timeZone?: string): string {
  const date = new Date(epochMs);
  const text = date.toLocaleString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  });
  return `<time datetime="${escapeHtml(date.toISOString())}">${escapeHtml(text)}</time>`;
}

/** An image data: URI of `type`, or undefined when it is anything else. */
function imageUri(
  uri: string | undefined,
  type: 'image/png' | 'image/svg+xml',
): string | undefined {
  const prefix = `data:${type};base64,`;
  if (!uri?.startsWith(prefix)) return undefined;
  return /^[A-Za-z0-9+/]*={0,2}$/.test(uri.slice(prefix.length)) ? uri : undefined;
}

/** The report's own styles, in its one <style> element (allowed by the CSP's hash of it). */
export const REPORT_STYLE = `
body { font: 15px/1.5 system-ui, sans-serif; color: #1f2933; background: #fff; margin: 0 auto;
  max-width: 960px; padding: 24px; }
h1 { font-size: 1.6em; margin: 0 0 4px; }
h2 { font-size: 1.2em; margin: 32px 0 8px; border-top: 1px solid #d0d7de; padding-top: 16px; }
h3 { font-size: 1em; margin: 20px 0 6px; }
.meta, figcaption, .decision, .note { color: #52606d; font-size: 0.9em; }
.answer { white-space: pre-wrap; }
.answer-markdown { white-space: normal; }
pre { background: #f5f7fa; border: 1px solid #d0d7de; border-radius: 6px; padding: 8px 12px;
  overflow-x: auto; white-space: pre-wrap; overflow-wrap: anywhere; }
.table-wrap { overflow-x: auto; }
table { border-collapse: collapse; font-size: 0.85em; }
th, td { border: 1px solid #d0d7de; padding: 2px 8px; text-align: left; vertical-align: top; }
th { background: #f5f7fa; }
img { max-width: 100%; height: auto; }
figure { margin: 12px 0; }
figure.map img { max-height: 360px; width: auto; border: 1px solid #d0d7de; border-radius: 6px; }
.decision-denied { color: #b42318; }
.decision-imported { font-style: italic; }
`;

/** The conversation as one HTML document (no script, no request, strict CSP). */
export async function conversationReportHtml(input: ReportInput): Promise<string> {
  const title = redactSecrets(input.title);
  const body: string[] = [
    `<h1>${escapeHtml(title)}</h1>`,
    `<p class="meta">Conversation started ${reportTime(input.createdAt, input.timeZone)}; report written ${reportTime(input.now, input.timeZone)}.</p>`,
  ];
  const map = imageUri(input.mapImage, 'image/png');
  if (map) {
    body.push(
      `<figure class="map"><img src="${escapeHtml(map)}" alt="The map as it was when the report was written"><figcaption>The map as it was when the report was written.</figcaption></figure>`,
    );
  }
  for (const [index, turn] of input.turns.entries()) {
    body.push(`<section class="turn">`, `<h2>Question ${index + 1}</h2>`);
    body.push(`<p class="question">${escapeHtml(redactSecrets(turn.userText))}</p>`);
    for (const round of turn.rounds) {
      for (const call of round.calls) body.push(await callHtml(call, input));
    }
    const answer = turnText(turn);
    if (answer)
      body.push(
        `<h3>Answer</h3>`,
        input.renderAnswer
          ? `<div class="answer answer-markdown">${input.renderAnswer(redactSecrets(answer))}</div>`
          : `<div class="answer">${escapeHtml(redactSecrets(answer))}</div>`,
      );
    if (turn.interrupted) body.push(`<p class="note">Stopped; the answer is partial.</p>`);
    if (turn.error)
      body.push(`<p class="note">Error: ${escapeHtml(redactSecrets(turn.error.message))}</p>`);
    body.push(`</section>`);
  }
  const credits = [...new Set(input.attributions.map((credit) => credit.trim()).filter(Boolean))];
  if (credits.length > 0) {
    body.push(
      `<h2>Data and map credits</h2>`,
      `<ul class="credits">${credits.map((credit) => `<li>${escapeHtml(credit)}</li>`).join('')}</ul>`,
    );
  }
  const csp = [
    "default-src 'none'",
    'img-src data:',
    `style-src ${await styleSource(REPORT_STYLE)}`,
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(csp)}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<style>${REPORT_STYLE}</style>`,
    '</head>',
    '<body>',
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** The CSP's source for the report's stylesheet: its hash, or 'unsafe-inline' without WebCrypto. */
async function styleSource(style: string): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return "'unsafe-inline'";
  const digest = await subtle.digest('SHA-256', new TextEncoder().encode(style));
  const bytes = String.fromCharCode(...new Uint8Array(digest));
  return `'sha256-${btoa(bytes)}'`;
}

/** One tool call: its SQL (or arguments), the decision, its table and its chart. */
async function callHtml(call: CallRecord, input: ReportInput): Promise<string> {
  const parts: string[] = [];
  const args = redactArguments(call.displayArguments);
  const sql = sqlArgument(args);
  parts.push(`<article class="call" data-tool="${escapeHtml(call.name)}">`);
  parts.push(`<h3>${escapeHtml(callLabel(call))} (${escapeHtml(call.state)})</h3>`);
  if (call.audit) {
    const denied = call.audit.decision === 'denied' ? ' decision-denied' : '';
    const imported = call.audit.imported ? ' decision-imported' : '';
    parts.push(
      `<p class="decision${denied}${imported}">${escapeHtml(redactSecrets(describeDecision(call.audit)))}</p>`,
    );
    const proposed = call.audit.ranArguments
      ? sqlArgument(redactArguments(call.audit.proposedArguments))
      : undefined;
    if (proposed !== undefined)
      parts.push(
        `<p class="note">SQL the model proposed:</p><pre>${escapeHtml(proposed)}</pre>`,
        `<p class="note">SQL that ran (edited):</p>`,
      );
  }
  if (sql !== undefined) parts.push(`<pre>${escapeHtml(sql)}</pre>`);
  // A map or chart tool reads as what it did ("Drew 10 points as layer …"), not as its JSON.
  else if (call.resultSummary)
    parts.push(`<p class="did">${escapeHtml(redactSecrets(call.resultSummary))}</p>`);
  else parts.push(`<pre>${escapeHtml(redactSecrets(formatArguments(args)))}</pre>`);
  const table = input.resolveTable(call.data);
  if (table) parts.push(tableHtml(table));
  const chart =
    call.data?.kind === 'chart'
      ? asChartSpec(call.data.chart)
      : table
        ? asChartSpec(call.personChart)
        : undefined;
  if (chart) parts.push(await chartHtml(chart, input.drawChart));
  parts.push(`</article>`);
  return parts.join('\n');
}

/** A result's rows (as many as a conversation keeps), or a sentence when the page holds none. */
function tableHtml(table: TableData): string {
  if (table.rowsUnavailable && table.totalRows > 0) {
    return `<p class="note">${table.totalRows.toLocaleString('en')} rows; the page no longer holds them.</p>`;
  }
  const rows = redactArguments(table.rows.slice(0, ROW_CAPS.keptWithConversation));
  const head = table.columns.map((column) => `<th scope="col">${escapeHtml(column)}</th>`).join('');
  const body = rows
    .map(
      (row) =>
        `<tr>${table.columns.map((column) => `<td>${escapeHtml(shownCellText(column, row[column]))}</td>`).join('')}</tr>`,
    )
    .join('\n');
  const shown = rows.length;
  const note =
    table.totalRows > shown
      ? `<p class="note">${shown.toLocaleString('en')} of ${table.totalRows.toLocaleString('en')} rows.</p>`
      : `<p class="note">${shown.toLocaleString('en')} ${shown === 1 ? 'row' : 'rows'}.</p>`;
  return `<div class="table-wrap"><table class="result"><thead><tr>${head}</tr></thead><tbody>\n${body}\n</tbody></table></div>${note}`;
}

/** A chart as an SVG image with its caption, or a sentence when it cannot be drawn. */
async function chartHtml(spec: ChartSpec, draw: DrawChartImage): Promise<string> {
  const shown = redactChartSpec(spec);
  const caption = shown.title ?? 'Chart';
  try {
    const image = await draw(shown);
    const uri = imageUri(image.dataUri, 'image/svg+xml');
    if (!uri) return `<p class="note">The chart "${escapeHtml(caption)}" could not be drawn.</p>`;
    return `<figure class="chart"><img src="${escapeHtml(uri)}" alt="${escapeHtml(image.description)}"><figcaption>${escapeHtml(caption)}</figcaption></figure>`;
  } catch {
    return `<p class="note">The chart "${escapeHtml(caption)}" could not be drawn.</p>`;
  }
}
