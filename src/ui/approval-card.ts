// The approval card: the proposal's description, the model's words and reasoning, each call to decide, and keys.
import { redactSecrets } from '../agent/redact';
import { button, element } from './dom';
import { ProposedCallView } from './proposed-call-view';
import type { ApprovalDecision, ToolProposal } from '../agent/types';
import type { PreflightFunction } from '../data/preflight';

/** What a card needs. */
export interface ApprovalCardOptions {
  proposal: ToolProposal;
  /** Pre-flight for a call's SQL, given only for servers that support it (the embedded one). */
  preflightFor?: (serverId: string | undefined) => PreflightFunction | undefined;
  /** The person allowed a tool for the rest of the session. */
  onAllowTool?: (toolName: string) => void;
  /** Arguments edited before, by call id (the card is shown again after a reload). */
  edits?: Record<string, Record<string, unknown>>;
  /** The person edited a call's arguments on the card. */
  onEdit?: (callId: string, editedArguments: Record<string, unknown>) => void;
  /** Every call has a decision, in call order. */
  onDone(decisions: ApprovalDecision[]): void;
}

/** Shows one proposal and collects a decision per call. */
export class ApprovalCard {
  /** The element that holds the card. */
  readonly root: HTMLElement;
  /** The calls, in proposal order. */
  readonly calls: ProposedCallView[];
  private done = false;

  constructor(private readonly options: ApprovalCardOptions) {
    const { proposal } = options;
    const count = proposal.calls.length;
    this.calls = proposal.calls.map(
      (proposed) =>
        new ProposedCallView(
          proposed,
          {
            decided: () => this.check(),
            allowTool: (name) => this.allow(name),
            ...(options.onEdit ? { edited: options.onEdit } : {}),
          },
          options.preflightFor?.(proposed.serverId),
          options.edits?.[proposed.call.id],
        ),
    );
    const said = proposal.modelText?.trim();
    // Told apart from the description above it: the description is computed from the calls, these
    // are the model's own words and may not match what the calls do.
    const words = said
      ? element('blockquote', {
          className: 'mw-model-words',
          children: [
            element('div', { className: 'mw-call-label', text: 'The model says:' }),
            element('p', { text: redactSecrets(said) }),
          ],
        })
      : undefined;
    const reasoning = proposal.reasoning?.trim()
      ? element('blockquote', {
          className: 'mw-model-reasoning',
          children: [
            element('div', {
              className: 'mw-call-label',
              text: 'The model’s reasoning (its own words, not a check):',
            }),
            element('p', { text: proposal.reasoning.trim() }),
          ],
        })
      : undefined;
    const bulk =
      count > 1
        ? element('div', {
            className: 'mw-proposal-bulk',
            children: [
              button('Approve all', () => this.approveAll(), {
                className: 'mw-button mw-approve-all',
                ariaLabel: 'Approve every call on this card',
              }),
              button('Deny all', () => this.denyAll(), {
                className: 'mw-button mw-deny-all',
                ariaLabel: 'Deny every call on this card',
              }),
            ],
          })
        : undefined;
    this.root = element('section', {
      className: 'mw-approval-card',
      attributes: {
        role: 'dialog',
        'aria-modal': 'false',
        'aria-label': `Approval needed for ${count} tool call${count === 1 ? '' : 's'}`,
        tabindex: '-1',
      },
      children: [
        element('h3', {
          text: count === 1 ? 'Approve this query?' : `Approve these ${count} calls?`,
        }),
        element('p', { className: 'mw-proposal-summary', text: proposal.description }),
        proposal.calls.some((call) => call.modifiesData)
          ? element('p', { className: 'mw-modifies', text: '⚠ This proposal modifies data.' })
          : undefined,
        words,
        reasoning,
        ...this.calls.map((call) => call.root),
        bulk,
        element('p', {
          className: 'mw-hint',
          text: 'Enter approves all, Esc denies all (when the card has focus, outside the editor); Ctrl+Enter (Cmd+Enter on a Mac) in the editor approves that query.',
        }),
      ],
    });
    this.root.addEventListener('keydown', (event) => this.onKey(event));
  }

  private onKey(event: KeyboardEvent): void {
    const target = event.target instanceof HTMLElement ? event.target : null;
    // The SQL editor handled the key itself (its own Escape or Mod-Enter binding).
    if (event.defaultPrevented) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      this.denyAll();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || !target) return;
    if (target.closest('.cm-editor') || target.tagName === 'BUTTON') return;
    event.preventDefault();
    if (target.matches('input.mw-deny-reason')) {
      this.calls.find((call) => call.root.contains(target))?.deny();
      return;
    }
    this.approveAll();
  }

  /** Approves every call not yet decided. */
  approveAll(): void {
    for (const call of this.calls) call.approve();
  }

  /** Denies every call not yet decided. */
  denyAll(): void {
    for (const call of this.calls) call.deny();
  }

  private allow(name: string): void {
    this.options.onAllowTool?.(name);
    for (const call of this.calls) if (call.proposed.call.name === name) call.approve();
  }

  private check(): void {
    if (this.done || this.calls.some((call) => !call.decision)) return;
    this.done = true;
    this.root.dataset.decided = 'true';
    this.options.onDone(this.calls.map((call) => call.decision ?? { kind: 'deny' }));
  }

  /** Gives the card keyboard focus. */
  focus(): void {
    this.root.focus();
  }

  /** Frees the editors. */
  destroy(): void {
    for (const call of this.calls) call.destroy();
    this.root.remove();
  }
}
