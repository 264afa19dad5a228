// The ApprovalGate of the app: each proposal becomes a card in the chat; the person's clicks decide it.
import { ApprovalCard } from './approval-card';
import type { ApprovalDecision, ApprovalGate, ToolProposal } from '../agent/types';
import type { PreflightFunction } from '../data/preflight';

/** What the card-backed gate needs. */
export interface CardApprovalGateOptions {
  /** Where cards appear. */
  slot: HTMLElement;
  preflightFor?: (serverId: string | undefined) => PreflightFunction | undefined;
  onAllowTool?: (toolName: string) => void;
  /** Called when a card opens (true) or closes (false), e.g. to update the status line. */
  onOpenChange?: (open: boolean) => void;
  /** Arguments the person edited before a reload, by call id, to show again on the card. */
  editsFor?: (proposal: ToolProposal) => Record<string, Record<string, unknown>> | undefined;
  /** The person edited a call's arguments. */
  onEdit?: (callId: string, editedArguments: Record<string, unknown>) => void;
}

/** An ApprovalGate that asks the person through approval cards. */
export class CardApprovalGate implements ApprovalGate {
  private current: ApprovalCard | undefined;

  constructor(private readonly options: CardApprovalGateOptions) {}

  /** The card waiting for a decision, if any. */
  get openCard(): ApprovalCard | undefined {
    return this.current;
  }

  /** Shows a card and resolves with the person's decisions; a stopped turn removes the card. */
  decide(proposal: ToolProposal, signal: AbortSignal): Promise<ApprovalDecision[]> {
    return new Promise((resolve, reject) => {
      if (signal.aborted) {
        reject(
          signal.reason instanceof Error
            ? signal.reason
            : new DOMException('Stopped', 'AbortError'),
        );
        return;
      }
      const close = (): void => {
        signal.removeEventListener('abort', onAbort);
        card.root.remove();
        if (this.current === card) this.current = undefined;
        this.options.onOpenChange?.(false);
      };
      const onAbort = (): void => {
        close();
        card.destroy();
        reject(
          signal.reason instanceof Error
            ? signal.reason
            : new DOMException('Stopped', 'AbortError'),
        );
      };
      const card: ApprovalCard = new ApprovalCard({
        proposal,
        ...(this.options.preflightFor ? { preflightFor: this.options.preflightFor } : {}),
        ...(this.options.onAllowTool ? { onAllowTool: this.options.onAllowTool } : {}),
        ...(this.options.onEdit ? { onEdit: this.options.onEdit } : {}),
        edits: this.options.editsFor?.(proposal) ?? {},
        onDone: (decisions) => {
          close();
          window.setTimeout(() => card.destroy(), 0);
          resolve(decisions);
        },
      });
      signal.addEventListener('abort', onAbort, { once: true });
      this.current?.destroy();
      this.current = card;
      this.options.slot.append(card.root);
      this.options.onOpenChange?.(true);
      card.focus();
    });
  }
}
