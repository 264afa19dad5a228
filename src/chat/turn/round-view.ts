// One round of a turn: collapsed reasoning, streamed text, the tool timeline, and result tables/charts.
import { ChartFigure, ResultTable } from '../../results';
import { asChartSpec } from '../../tools/chart/chart-spec';
import { element } from '../../ui/dom';
import { fileSlug } from '../../ui/file-slug';
import { MountedPieces, type Mounted } from '../../ui/mounted';
import { StreamingMarkdown } from './streaming-markdown';
import { ToolCallView } from './tool-call-view';
import { unreadablePart } from './unreadable-part';
import type { CallRecord, RoundRecord } from '../../agent/conversation/conversation-document';
import type { ResultActions, TableData } from '../../results';

/** Turns a table result's data into a table, with its rows from where the page holds them. */
export type TableResolver = (data: unknown) => TableData | undefined;

/** What a round's results are about, and what their buttons do. */
export interface RoundContext {
  /** The question of the turn: downloads are named after it. */
  question?: string;
  actions?: ResultActions;
  /** Proposes a past query again. */
  runAgain?: (call: CallRecord) => void;
  /** Whether a query's rows changed since the same SQL ran earlier. */
  rerunNote?: (call: CallRecord) => string | undefined;
}

/** Renders one round; `update` brings it up to date with its record. */
export class RoundView implements Mounted {
  /** The element that holds this round. */
  readonly root: HTMLElement;
  private readonly reasoning: HTMLDetailsElement;
  private readonly reasoningText = element('div', { className: 'mw-reasoning-text' });
  private readonly answer = new StreamingMarkdown('mw-markdown mw-answer');
  private readonly timeline = element('div', {
    className: 'mw-timeline',
    attributes: { role: 'list' },
  });
  private readonly attachments = element('div', { className: 'mw-attachments' });
  private readonly calls = new Map<number, ToolCallView>();
  private readonly attached = new Set<number>();
  /** Calls (or what they drew) shown as the unreadable-part sentence. */
  private readonly unreadableCalls = new Set<number>();
  /** The result tables and charts shown, stopped with the round. */
  private readonly results = new MountedPieces();
  private shownText = '';
  private unreadableShown = false;

  constructor(
    private readonly resolveTable: TableResolver,
    private readonly context: RoundContext = {},
  ) {
    this.reasoning = element('details', {
      className: 'mw-reasoning',
      children: [
        element('summary', { text: 'Reasoning (the model’s own words)' }),
        this.reasoningText,
      ],
    });
    this.reasoning.hidden = true;
    this.root = element('div', {
      className: 'mw-round',
      children: [this.reasoning, this.answer.root, this.timeline, this.attachments],
    });
  }

  /** Hides the answer while the approval card shows the same words (they come back once decided). */
  setAnswerHidden(hidden: boolean): void {
    this.answer.root.hidden = hidden;
  }

  /** Renders the record; `final` settles the markdown into its exact form. */
  update(record: RoundRecord, final: boolean): void {
    this.root.dataset.round = String(record.round);
    if (record.unreadable) {
      if (!this.unreadableShown) this.attachments.append(unreadablePart());
      this.unreadableShown = true;
      return;
    }
    if (record.reasoning) {
      this.reasoning.hidden = false;
      if (this.reasoningText.textContent !== record.reasoning)
        this.reasoningText.textContent = record.reasoning;
    }
    if (record.text !== this.shownText || final) {
      this.shownText = record.text;
      this.answer.setText(record.text);
      this.answer.render(final);
    }
    for (const call of record.calls) {
      // A call whose record could not be read has nothing to show but the sentence.
      if (call.unreadable && !call.name) {
        if (this.unreadableCalls.has(call.callIndex)) continue;
        this.unreadableCalls.add(call.callIndex);
        const note = unreadablePart();
        note.setAttribute('role', 'listitem');
        this.timeline.append(note);
        continue;
      }
      let view = this.calls.get(call.callIndex);
      if (!view) {
        view = new ToolCallView(call, {
          ...(this.context.runAgain ? { runAgain: this.context.runAgain } : {}),
          ...(this.context.rerunNote ? { rerunNote: this.context.rerunNote } : {}),
        });
        view.root.setAttribute('role', 'listitem');
        this.calls.set(call.callIndex, view);
        this.timeline.append(view.root);
      } else view.update(call);
      if (
        call.state === 'success' &&
        call.data !== undefined &&
        !this.attached.has(call.callIndex)
      ) {
        this.attached.add(call.callIndex);
        this.attach(call);
      }
      // What the call drew (a table, a chart) did not fit its type: the sentence stands in for it.
      if (call.unreadable && !this.unreadableCalls.has(call.callIndex)) {
        this.unreadableCalls.add(call.callIndex);
        this.attachments.append(unreadablePart());
      }
    }
  }

  private attach(call: CallRecord): void {
    const data = call.data;
    switch (data?.kind) {
      case 'chart': {
        const stem = fileSlug(data.chart.title ?? this.context.question, 'chart');
        this.attachments.append(this.results.add(new ChartFigure(data.chart, stem)).root);
        return;
      }
      case 'table': {
        const table = this.resolveTable(data);
        if (table) {
          const view = new ResultTable(
            { ...table, ...(this.context.question ? { question: this.context.question } : {}) },
            this.context.actions,
            // Read through asChartSpec: the document comes from storage.
            asChartSpec(call.personChart),
          );
          this.attachments.append(this.results.add(view).root);
        }
        return;
      }
      case 'mcp':
      case undefined:
        return;
    }
  }

  /** Stops what the round's result tables and charts still measure, draw or watch. */
  destroy(): void {
    this.results.destroy();
  }
}
