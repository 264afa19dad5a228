// One line of a turn's timeline: status, tool and server, how it was allowed (asked, edited, denied,
// allowed for the session, auto-approved, by policy), and duration; arguments and result expand. Under
// the line, outside what folds: whether the rows changed since an earlier run, and Run again.
import { describeDecision } from '../../agent/conversation/call-audit';
import { SQL_ARGUMENT_NAMES, sqlArgument } from '../../agent/sql-argument-names';
import { callLabel } from '../../ui/call-label';
import { addCopyButton } from '../../ui/code-blocks';
import { button, element, formatArguments, formatDuration } from '../../ui/dom';
import { highlightSqlWhenLoaded } from '../../ui/lazy-sql-highlight';
import type { CallRecord } from '../../agent/conversation/conversation-document';
import './tool-call-view.css';

/**
 * How each state reads: a mark drawn by the stylesheet and a word. A call that went well shows only its
 * check mark (the word stays for screen readers); every other state says what happened in words, since
 * that is what the person needs to read.
 */
const STATUS_LABELS: Record<CallRecord['state'], { text: string; shown: boolean }> = {
  pending: { text: 'Waiting', shown: true },
  running: { text: 'Running', shown: true },
  success: { text: 'Done', shown: false },
  error: { text: 'Failed', shown: true },
  timeout: { text: 'Timed out', shown: true },
  declined: { text: 'Declined', shown: true },
  cancelled: { text: 'Stopped', shown: true },
};

/** What a call's view can do beyond showing it. */
export interface ToolCallViewOptions {
  /** Proposes the call's query again (its Run again button). */
  runAgain?: (record: CallRecord) => void;
  /** Whether its rows changed since the same SQL ran earlier in the conversation. */
  rerunNote?: (record: CallRecord) => string | undefined;
}

const UNASKED_TITLE =
  'No approval card: auto-approve, an allowance for this session, your setting, or the server’s policy';

/** Renders one tool call; `update` re-renders it from a newer record. */
export class ToolCallView {
  /** The element that holds this call: its fold (line and details) and what stays in view under it. */
  readonly root: HTMLElement;
  /** The line and, unfolded, the SQL, arguments and result. */
  readonly fold: HTMLDetailsElement;
  private readonly status = element('span', { className: 'mw-call-status' });
  private readonly duration = element('span', { className: 'mw-call-duration' });
  private readonly name = element('span', { className: 'mw-call-name' });
  private readonly unasked = element('span', {
    className: 'mw-call-unasked',
    text: 'Ran without asking',
    attributes: { title: UNASKED_TITLE },
  });
  private readonly decision = element('span', { className: 'mw-call-decision' });
  private readonly rerun = element('span', { className: 'mw-call-rerun' });
  private readonly runAgain = element('div', { className: 'mw-call-after' });
  private readonly body = element('div', { className: 'mw-call-body' });
  private renderedKey = '';

  constructor(
    record: CallRecord,
    private readonly options: ToolCallViewOptions = {},
  ) {
    const summary = element('summary', {
      className: 'mw-call-summary',
      children: [this.status, this.name, this.unasked, this.decision, this.duration],
    });
    this.fold = element('details', { className: 'mw-call-fold', children: [summary, this.body] });
    // The comparison with an earlier run and Run again stay in view when the call is folded: a closed
    // <details> hides everything but its summary.
    this.root = element('div', {
      className: 'mw-call',
      children: [this.fold, this.rerun, this.runAgain],
    });
    this.update(record);
  }

  /** Shows the record's current state. */
  update(record: CallRecord): void {
    this.root.dataset.state = record.state;
    this.root.dataset.tool = record.name;
    const label = STATUS_LABELS[record.state];
    this.status.textContent = label.text;
    this.status.className = `mw-call-status mw-status-${record.state}${label.shown ? '' : ' mw-call-status-quiet'}`;
    this.name.textContent = callLabel(record);
    // A reused answer did not run at all: it says so instead of "Ran without asking".
    this.unasked.hidden = record.ranWithoutAsking !== true && record.reused !== true;
    this.unasked.textContent = record.reused ? 'Reused answer' : 'Ran without asking';
    this.unasked.title = record.reused
      ? 'The same call was answered a moment ago: that answer was reused, and the server was not called'
      : UNASKED_TITLE;
    this.root.dataset.ranWithoutAsking = String(record.ranWithoutAsking === true);
    this.root.dataset.reused = String(record.reused === true);
    this.showDecision(record);
    const note = this.options.rerunNote?.(record);
    this.rerun.hidden = note === undefined;
    this.rerun.textContent = note ?? '';
    this.duration.textContent =
      record.durationMs === undefined ? '' : formatDuration(record.durationMs);
    const proposed = this.proposedSql(record);
    const key = `${record.state}|${JSON.stringify(record.displayArguments)}|${proposed ?? ''}`;
    if (key === this.renderedKey) return;
    this.renderedKey = key;
    this.body.replaceChildren(...this.renderBody(record));
    this.showRunAgain(record);
  }

  /** A query that ran can be proposed again, through the card, to see whether its rows changed. */
  private showRunAgain(record: CallRecord): void {
    const { runAgain } = this.options;
    const shown =
      runAgain !== undefined &&
      record.serverId !== undefined &&
      record.state === 'success' &&
      sqlArgument(record.displayArguments) !== undefined;
    this.runAgain.hidden = !shown;
    this.runAgain.replaceChildren(
      ...(shown
        ? [
            button('Run again', () => runAgain(record), {
              className: 'mw-button mw-call-run-again',
              ariaLabel: 'Run again: this query, through a card',
              title: 'Propose the same SQL again (you approve it on a card) and compare the rows',
            }),
          ]
        : []),
    );
  }

  /** The decision on an MCP call, from its audit record (map tools need none, so say nothing). */
  private showDecision(record: CallRecord): void {
    const audit = record.audit;
    const shown = audit !== undefined && audit.decidedBy !== 'not-needed';
    this.decision.hidden = !shown;
    this.decision.textContent = shown ? describeDecision(audit) : '';
    if (shown) {
      this.decision.dataset.decision = audit.decision ?? 'none';
      this.decision.dataset.decidedBy = audit.decidedBy;
      // Read from an imported file: the decision was not made in this browser.
      if (audit.imported) this.decision.dataset.imported = 'true';
      else delete this.decision.dataset.imported;
    }
  }

  /** The SQL the model proposed, when the person edited it before it ran. */
  private proposedSql(record: CallRecord): string | undefined {
    const audit = record.audit;
    if (audit?.decidedBy !== 'edited') return undefined;
    const proposed = sqlArgument(audit.proposedArguments);
    return proposed === sqlArgument(record.displayArguments) ? undefined : proposed;
  }

  private renderBody(record: CallRecord): Node[] {
    const nodes: Node[] = [];
    const sql = sqlArgument(record.displayArguments);
    const rest = { ...record.displayArguments };
    const proposed = this.proposedSql(record);
    if (proposed !== undefined) nodes.push(...sqlBlock('SQL the model proposed', proposed));
    if (sql !== undefined) {
      for (const key of SQL_ARGUMENT_NAMES) if (rest[key] === sql) delete rest[key];
      nodes.push(...sqlBlock(proposed === undefined ? 'SQL' : 'SQL that ran (edited)', sql));
    }
    if (Object.keys(rest).length > 0) {
      nodes.push(
        element('div', { className: 'mw-call-label', text: 'Arguments (secrets masked)' }),
        element('pre', { className: 'mw-call-arguments', text: formatArguments(rest) }),
      );
    }
    if (record.resultSummary !== undefined) {
      nodes.push(
        element('div', { className: 'mw-call-label', text: 'Result, as the model read it' }),
        element('pre', { className: 'mw-call-result', text: record.resultSummary }),
      );
    }
    return nodes;
  }
}

/** A labelled, highlighted SQL block with its Copy button. */
function sqlBlock(label: string, sql: string): Node[] {
  const code = element('code', { className: 'language-sql' });
  highlightSqlWhenLoaded(sql, code);
  const wrapper = element('div', {
    className: 'mw-code',
    children: [element('pre', { children: [code] })],
  });
  addCopyButton(wrapper, () => sql);
  return [element('div', { className: 'mw-call-label', text: label }), wrapper];
}
