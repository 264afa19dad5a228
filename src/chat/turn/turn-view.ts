// One turn of the conversation: the question (with Edit), its rounds, the answer's actions (Copy,
// Regenerate) and how it ended (error with Retry, stopped).
import {
  isTurnActive,
  turnText,
  type CallRecord,
  type TurnRecord,
} from '../../agent/conversation/conversation-document';
import { button, element } from '../../ui/dom';
import { ContextMark, contextTrimmedNote } from './context-mark';
import { failureNotice } from './failure-notice';
import { QuestionEditor } from './question-editor';
import { RoundView, type TableResolver } from './round-view';
import { TurnActionBar } from './turn-action-bar';
import { unreadablePart } from './unreadable-part';
import type { TurnAsSent } from '../../agent/conversation/turns-as-sent';
import type { ResultActions } from '../../results';
import type { Mounted } from '../../ui/mounted';

/** What a turn's buttons ask the chat to do. */
export interface TurnActions {
  retry(turnIndex: number): void;
  continueTurn(turnIndex: number): void;
  /** Asks the last turn's question again in its place. */
  regenerate?(turnIndex: number): void;
  /** Asks `text` in place of this turn's question, dropping this turn and the ones after it. */
  editQuestion?(turnIndex: number, text: string): void;
  /** Puts text on the clipboard (the browser's clipboard when absent). */
  copyText?(text: string): Promise<void>;
  /** What a result table's "Show on map" and "Chart" buttons do; without it they are not offered. */
  resultActions?: ResultActions;
  /** Opens the settings, offered by failures the person fixes there (a key, an endpoint, a model). */
  openSettings?: () => void;
  /** Proposes a past query again (its Run again button); without it the button is not offered. */
  runAgain?(turnIndex: number, callId: string): void;
  /** Whether a query's rows changed since the same SQL ran earlier in the conversation. */
  rerunNote?(turnIndex: number, call: CallRecord): string | undefined;
}

/** Where a turn stands in the chat: whether it is the newest, and whether a turn is running. */
export interface TurnPlace {
  last: boolean;
  busy: boolean;
}

/** Renders one turn from its record; give it the newer record and call `renderFrame` again. */
export class TurnView implements Mounted {
  /** The element that holds this turn. */
  readonly root: HTMLElement;
  private readonly rounds = element('div', { className: 'mw-rounds' });
  private readonly footer = element('div', { className: 'mw-turn-footer' });
  private readonly roundViews = new Map<number, RoundView>();
  /** The round whose answer the approval card shows (setWordsOnCard). */
  private wordsOnCard: number | undefined;
  private readonly question: HTMLElement;
  private readonly questionText: HTMLElement;
  private readonly editButton: HTMLButtonElement | undefined;
  private readonly actionBar: TurnActionBar;
  private editor: QuestionEditor | undefined;
  private place: TurnPlace = { last: false, busy: false };
  private footerKey = '';
  private readonly contextMark = new ContextMark();

  private record: TurnRecord;

  constructor(
    record: TurnRecord,
    private readonly index: number,
    private readonly resolveTable: TableResolver,
    private readonly actions: TurnActions,
  ) {
    this.record = record;
    this.questionText = element('div', { className: 'mw-user-text', text: record.userText });
    const editQuestion = actions.editQuestion;
    this.editButton = editQuestion
      ? button('Edit', () => this.startEditing(), {
          className: 'mw-button mw-button-ghost mw-edit-question',
          ariaLabel: 'Edit question',
        })
      : undefined;
    this.question = element('div', {
      className: 'mw-user',
      children: [
        element('span', { className: 'mw-visually-hidden', text: 'You asked: ' }),
        this.questionText,
        this.editButton,
      ],
    });
    this.actionBar = new TurnActionBar({
      copyText: actions.copyText,
      regenerate: actions.regenerate ? () => actions.regenerate?.(this.index) : undefined,
    });
    this.root = element('article', {
      className: 'mw-turn',
      attributes: { 'aria-label': 'Question and answer' },
      children: [
        this.question,
        this.contextMark.root,
        this.rounds,
        this.actionBar.root,
        this.footer,
      ],
    });
    this.root.dataset.runId = record.runId;
    // A turn that could not be read has no question to edit or ask again: the sentence stands for it.
    if (record.unreadable) {
      this.question.hidden = true;
      this.rounds.append(unreadablePart());
    }
  }

  /** Says how the model reads this turn now: whole, as part of the summary, or not at all. */
  setSent(state: TurnAsSent): void {
    this.contextMark.set(state);
  }

  /** Says whether this is the newest turn and whether a turn runs (actions wait while one does). */
  setPlace(place: TurnPlace): void {
    if (place.last === this.place.last && place.busy === this.place.busy) return;
    this.place = place;
    this.renderActions();
  }

  private startEditing(): void {
    const editQuestion = this.actions.editQuestion;
    if (!editQuestion || this.editor || this.place.busy) return;
    const editor = new QuestionEditor(this.record.userText, {
      onSend: (text) => {
        this.stopEditing();
        editQuestion(this.index, text);
      },
      onCancel: () => {
        this.stopEditing();
        this.editButton?.focus();
      },
    });
    this.editor = editor;
    this.question.hidden = true;
    this.question.after(editor.root);
    editor.focus();
  }

  private stopEditing(): void {
    this.editor?.root.remove();
    this.editor = undefined;
    this.question.hidden = false;
  }

  private renderActions(): void {
    const record = this.record;
    const final = !isTurnActive(record);
    if (this.editButton) this.editButton.disabled = this.place.busy || !final;
    this.actionBar.update({
      text: final ? turnText(record) : '',
      regenerable: final && this.place.last && !record.unreadable,
      busy: this.place.busy,
    });
  }

  /** The record this view shows. */
  get turn(): TurnRecord {
    return this.record;
  }

  /** A newer snapshot of the same turn, shown at the next `renderFrame`. */
  set turn(record: TurnRecord) {
    this.record = record;
  }

  /**
   * Round `round`'s answer is shown on the approval card meanwhile (said once), or `undefined` when no
   * card shows this turn's words.
   */
  setWordsOnCard(round: number | undefined): void {
    this.wordsOnCard = round;
    for (const [number, view] of this.roundViews) view.setAnswerHidden(number === round);
  }

  /** Brings the DOM up to date with the record. */
  renderFrame(): void {
    const record = this.record;
    const final = !isTurnActive(record);
    this.root.dataset.status = record.status;
    for (const round of record.rounds) {
      let view = this.roundViews.get(round.round);
      if (!view) {
        const { runAgain, rerunNote } = this.actions;
        view = new RoundView(this.resolveTable, {
          question: record.userText,
          ...(this.actions.resultActions ? { actions: this.actions.resultActions } : {}),
          ...(runAgain
            ? {
                runAgain: (call: CallRecord) => {
                  if (call.callId) runAgain(this.index, call.callId);
                },
              }
            : {}),
          ...(rerunNote ? { rerunNote: (call: CallRecord) => rerunNote(this.index, call) } : {}),
        });
        this.roundViews.set(round.round, view);
        this.rounds.append(view.root);
        view.setAnswerHidden(round.round === this.wordsOnCard);
      }
      view.update(round, final);
    }
    if (this.questionText.textContent !== record.userText)
      this.questionText.textContent = record.userText;
    this.renderActions();
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
      record.contextTrimmed?.droppedTurns,
      record.contextTrimmed?.summarisedTurns,
    ].join('|');
    if (key === this.footerKey) return;
    this.footerKey = key;
    const nodes: Node[] = [];
    if (record.contextTrimmed) nodes.push(contextTrimmedNote(record.contextTrimmed));
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

  /** Stops what the turn's rounds still measure, draw or watch: the turn left the page. */
  destroy(): void {
    for (const view of this.roundViews.values()) view.destroy();
  }
}
