// What a tab changed since its last stored write, kept so that a newer document from another tab can
// take the same changes: the person's edits to the conversation (map, title, charts, kept results, a
// card's typed SQL) are applied again on top of it, and the turns this tab ran are known by their run.
import { reduceConversation } from '../agent/conversation/conversation-reducer';
import type { ConversationDocument } from '../agent/conversation/conversation-document';
import type { ConversationAction } from '../agent/conversation/conversation-reducer';
import type { TurnOwnership } from '../agent/conversation/merge-conversation';

// The person's edits: each says what it sets, so applying it again to a newer document is safe.
const replayable = new Set<ConversationAction['type']>([
  'map-changed',
  'map-undone',
  'map-redone',
  'renamed',
  'result-charted',
  'result-kept',
  'approval-edited',
]);

/** The actions a tab has not stored yet, numbered, and the turns it ran. */
export class UnsavedActions {
  private readonly actions: { number: number; action: ConversationAction }[] = [];
  private readonly ran = new Set<string>();
  private readonly stored = new Set<string>();
  private count = 0;

  /** Records an action applied to `document`; returns its number. */
  record(document: ConversationDocument, action: ConversationAction): number {
    this.count += 1;
    this.actions.push({ number: this.count, action });
    // The turn a live run writes into is this tab's (a resumed run writes into the turn it resumes).
    const live = document.run ? document.turns[document.run.turnIndex] : undefined;
    if (live) this.ran.add(live.runId);
    if (action.type === 'send-failed') {
      const failed = document.turns.at(-1);
      if (failed) this.ran.add(failed.runId);
    }
    return this.count;
  }

  /** The number of the latest action. */
  get latest(): number {
    return this.count;
  }

  /** Everything up to action `number` was stored as `document`. */
  markStored(number: number, document: ConversationDocument): void {
    while ((this.actions[0]?.number ?? Infinity) <= number) this.actions.shift();
    for (const turn of document.turns) if (this.ran.has(turn.runId)) this.stored.add(turn.runId);
  }

  /** True when an unstored action is part of a turn (not an edit that can be applied again). */
  get holdsTurnChanges(): boolean {
    return this.actions.some(({ action }) => !replayable.has(action.type));
  }

  /** Applies the person's unstored edits (those after action `after`) to `document`. */
  replayOnto(document: ConversationDocument, after = 0, upTo = Infinity): ConversationDocument {
    return this.actions
      .filter(({ number }) => number > after && number <= upTo)
      .filter(({ action }) => replayable.has(action.type))
      .reduce((next, { action }) => reduceConversation(next, action), document);
  }

  /** The person's unstored edits, to dispatch again after another tab's document replaced this one. */
  edits(): ConversationAction[] {
    return this.actions
      .filter(({ action }) => replayable.has(action.type))
      .map(({ action }) => action);
  }

  /** A newer document from another tab became this tab's: nothing of this tab is newer any more. */
  forget(): void {
    this.actions.length = 0;
    this.ran.clear();
    this.stored.clear();
  }

  /** Which turns this tab ran and stored, for merging. */
  get ownership(): TurnOwnership {
    return { ran: this.ran, stored: this.stored };
  }
}
