// What the model reads of a turn, said quietly on the turn: nothing when it reads it whole, a small label
// when it reads only the summary of it or nothing at all; and the note on the turn whose request left
// turns out, saying how many were summarised and how many not sent.
import { element } from '../../ui/dom';
import type { TurnRecord } from '../../agent/conversation/conversation-document';
import type { TurnAsSent } from '../../agent/conversation/turns-as-sent';
import './context-mark.css';

const labels: Record<Exclude<TurnAsSent, 'whole'>, string> = {
  summarised: 'Summarised for the model',
  'not-sent': 'Not sent to the model',
};

/** The label under a question that says how the model reads the turn; hidden while it reads it whole. */
export class ContextMark {
  /** The label's element. */
  readonly root = element('p', { className: 'mw-context-mark' });
  private state: TurnAsSent = 'whole';

  constructor() {
    this.root.hidden = true;
  }

  /** Shows how the model reads the turn now. */
  set(state: TurnAsSent): void {
    if (state === this.state) return;
    this.state = state;
    this.root.hidden = state === 'whole';
    this.root.dataset.sent = state;
    this.root.textContent = state === 'whole' ? '' : labels[state];
  }
}

/** Tells the person that the model no longer reads the oldest turns whole, and how it reads them. */
export function contextTrimmedNote(
  trimmed: NonNullable<TurnRecord['contextTrimmed']>,
): HTMLElement {
  const { droppedTurns, summarisedTurns = 0, budgetTokens } = trimmed;
  const budget = budgetTokens > 0 ? ` (about ${budgetTokens.toLocaleString('en-US')} tokens)` : '';
  const first = (count: number): string =>
    count === 1 ? 'the first turn' : `the first ${count} turns`;
  const left = droppedTurns - summarisedTurns;
  const text =
    summarisedTurns > 0
      ? `To fit the model's context${budget}, ${first(summarisedTurns)} ${summarisedTurns === 1 ? 'was' : 'were'} sent as a summary` +
        (left > 0 ? ` and the next ${left === 1 ? 'one' : left} not at all` : '') +
        '. They are all still here for you.'
      : `${capitalised(first(droppedTurns))} of this conversation ${droppedTurns === 1 ? 'was' : 'were'} not sent to the model, to fit its context${budget}. They are still here for you.`;
  const note = element('p', { className: 'mw-note mw-context-trimmed', text });
  // Turns read as a summary are not lost: said quietly, not as a warning.
  if (summarisedTurns > 0 && left === 0) note.dataset.summarised = 'true';
  return note;
}

function capitalised(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}
