// The approval card as a view of the conversation's interruption: shown while the document holds calls
// waiting for the person, the same after a reload, and gone once they decide. The person's clicks go
// back as decisions; nothing waits on the card.
import { waitingApproval } from '../agent/conversation/conversation-document';
import { element } from '../ui/dom';
import { ApprovalCard } from './approval-card';
import type { Conversation } from '../agent/conversation/conversation';
import type { ApprovalDecision, ToolProposal } from '../agent/types';
import type { PreflightFunction } from '../data/preflight/preflight';
import type { Mounted } from '../ui/mounted';

/** A wait shorter than this goes unsaid on the card. */
const SAY_WAIT_AFTER_MS = 60_000;
/** How often the card's "waiting for you" line is brought up to date. */
const WAIT_TICK_MS = 15_000;

/** What the view needs from the page. */
export interface PendingApprovalViewOptions {
  /** Where the card appears. */
  slot: HTMLElement;
  preflightFor?: (serverId: string | undefined) => PreflightFunction | undefined;
  onAllowTool?: (toolName: string) => void;
  /** Called when a card opens (true) or closes (false), e.g. to update the status line. */
  onOpenChange?: (open: boolean) => void;
  /** Clock in epoch milliseconds; injectable for tests. */
  now?: () => number;
}

/** How long the card has waited, as the card says it ("Waiting for you · 6 min"); empty when short. */
export function waitedText(waitedMs: number): string {
  if (waitedMs < SAY_WAIT_AFTER_MS) return '';
  const minutes = Math.floor(waitedMs / 60_000);
  const span =
    minutes < 60 ? `${minutes} min` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
  return `Waiting for you · ${span}`;
}

/** Renders the waiting interruption of the conversation it shows as an approval card. */
export class PendingApprovalView {
  private card: ApprovalCard | undefined;
  private shownProposal: ToolProposal | undefined;
  private waited: HTMLElement | undefined;
  private ticker: ReturnType<typeof setInterval> | undefined;
  private readonly now: () => number;

  constructor(private readonly options: PendingApprovalViewOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The card on screen, if any. */
  get openCard(): ApprovalCard | undefined {
    return this.card;
  }

  /**
   * Follows `conversation`: a card while calls wait, built once per proposal (edits typed into it are
   * stored as they are made, and shown again after a reload), until `destroy()` of what it returns.
   */
  show(conversation: Conversation, decide: (decisions: ApprovalDecision[]) => void): Mounted {
    const render = (): void => {
      const pending = waitingApproval(conversation.document);
      // The same proposal keeps its card (edits typed into it change the document, not the card).
      if (pending?.proposal === this.shownProposal) return;
      this.close();
      if (!pending) return;
      const card: ApprovalCard = new ApprovalCard({
        proposal: pending.proposal,
        ...(this.options.preflightFor ? { preflightFor: this.options.preflightFor } : {}),
        ...(this.options.onAllowTool ? { onAllowTool: this.options.onAllowTool } : {}),
        onEdit: (callId, editedArguments) =>
          conversation.dispatch({ type: 'approval-edited', callId, arguments: editedArguments }),
        edits: pending.edits,
        onDone: (decisions) => decide(decisions),
      });
      this.card = card;
      this.shownProposal = pending.proposal;
      this.waited = element('p', {
        className: 'mw-approval-waited',
        attributes: { 'aria-live': 'off' },
      });
      card.root.querySelector('.mw-approval-heading')?.after(this.waited);
      const askedAt = pending.askedAt;
      const tick = (): void => {
        const text = waitedText(this.now() - askedAt);
        if (this.waited) {
          this.waited.textContent = text;
          this.waited.hidden = text === '';
        }
      };
      tick();
      this.ticker = setInterval(tick, WAIT_TICK_MS);
      this.options.slot.append(card.root);
      this.options.onOpenChange?.(true);
      card.focus();
    };
    render();
    const unsubscribe = conversation.subscribe(render);
    return {
      destroy: () => {
        unsubscribe();
        this.close();
      },
    };
  }

  private close(): void {
    if (this.ticker !== undefined) clearInterval(this.ticker);
    this.ticker = undefined;
    this.waited = undefined;
    this.shownProposal = undefined;
    const card = this.card;
    if (!card) return;
    this.card = undefined;
    card.root.remove();
    // The click that decided may still be on its way through the card's handlers.
    setTimeout(() => card.destroy(), 0);
    this.options.onOpenChange?.(false);
  }
}
