// One turn of the conversation: the question, its rounds, and how it ended (error with Retry, stopped).
import { isTurnActive, type TurnRecord } from '../agent/conversation/conversation-document';
import { button, element } from './dom';
import { failureNotice } from './failure-notice';
import { RoundView, type TableResolver } from './round-view';

/** What a turn's buttons ask the chat to do. */
export interface TurnActions {
  retry(turnIndex: number): void;
  continueTurn(turnIndex: number): void;
  /** Opens the settings, offered by failures the person fixes there (a key, an endpoint, a model). */
  openSettings?: () => void;
}

/** Renders one turn from its record; give it the newer record and call `renderFrame` again. */
export class TurnView {
  /** The element that holds this turn. */
  readonly root: HTMLElement;
  private readonly rounds = element('div', { className: 'mw-rounds' });
  private readonly footer = element('div', { className: 'mw-turn-footer' });
  private readonly roundViews = new Map<number, RoundView>();
  private footerKey = '';

  private record: TurnRecord;

  constructor(
    record: TurnRecord,
    private readonly index: number,
    private readonly resolveTable: TableResolver,
    private readonly actions: TurnActions,
  ) {
    this.record = record;
    const question = element('div', {
      className: 'mw-user',
      children: [
        element('span', { className: 'mw-visually-hidden', text: 'You asked: ' }),
        element('div', { className: 'mw-user-text', text: record.userText }),
      ],
    });
    this.root = element('article', {
      className: 'mw-turn',
      attributes: { 'aria-label': 'Question and answer' },
      children: [question, this.rounds, this.footer],
    });
    this.root.dataset.runId = record.runId;
  }

  /** The record this view shows. */
  get turn(): TurnRecord {
    return this.record;
  }

  /** A newer snapshot of the same turn, shown at the next `renderFrame`. */
  set turn(record: TurnRecord) {
    this.record = record;
  }

  /** Brings the DOM up to date with the record. */
  renderFrame(): void {
    const record = this.record;
    const final = !isTurnActive(record);
    this.root.dataset.status = record.status;
    for (const round of record.rounds) {
      let view = this.roundViews.get(round.round);
      if (!view) {
        view = new RoundView(this.resolveTable);
        this.roundViews.set(round.round, view);
        this.rounds.append(view.root);
      }
      view.update(round, final);
    }
    this.renderFooter();
  }

  private renderFooter(): void {
    const record = this.record;
    const key = [
      record.status,
      record.error?.message ?? '',
      record.interrupted,
      record.interruptedBy,
      record.outcome,
      record.resumable,
    ].join('|');
    if (key === this.footerKey) return;
    this.footerKey = key;
    const nodes: Node[] = [];
    const cutByReload = record.interrupted && record.interruptedBy === 'reload';
    if (record.interrupted && !cutByReload)
      nodes.push(
        element('p', { className: 'mw-note', text: 'Stopped. The answer above is partial.' }),
      );
    if (cutByReload && record.status === 'idle') {
      nodes.push(
        element('div', {
          className: 'mw-note mw-interrupted',
          children: [
            element('span', {
              text: 'Interrupted: the page was reloaded while the model was answering. The answer above is partial. ',
            }),
            record.resumable
              ? button('Continue', () => this.actions.continueTurn(this.index), {
                  className: 'mw-button mw-continue',
                  ariaLabel: 'Continue the interrupted answer',
                })
              : undefined,
          ],
        }),
      );
    }
    if (record.status === 'failed' && record.error) {
      nodes.push(
        failureNotice(record.error, {
          retry: () => this.actions.retry(this.index),
          ...(this.actions.openSettings ? { openSettings: this.actions.openSettings } : {}),
        }),
      );
    }
    if (record.outcome === 'checkpoint' && record.status === 'idle' && record.resumable !== false) {
      nodes.push(
        element('div', {
          className: 'mw-note',
          children: [
            element('span', { text: 'The turn reached its limit. ' }),
            button('Continue', () => this.actions.continueTurn(this.index), {
              ariaLabel: 'Continue the work where it stopped',
            }),
          ],
        }),
      );
    }
    this.footer.replaceChildren(...nodes);
  }
}
