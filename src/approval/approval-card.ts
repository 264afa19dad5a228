// The approval card: the model's words and reasoning, each call to decide, and keys. Its body scrolls
// within a bounded height and its actions stay in a footer below it, so they are always in reach.
import { redactSecrets } from '../agent/redact/redact';
import { sqlArgument } from '../agent/sql-argument-names';
import { button, element } from '../ui/dom';
import { ProposedCallView } from './proposed-call-view';
import './approval-card.css';
import type { ApprovalDecision, ToolProposal } from '../agent/types';
import type { PreflightFunction } from '../data/preflight/preflight';

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
    const said = proposal.modelText?.trim();
    this.calls = proposal.calls.map(
      (proposed, index) =>
        new ProposedCallView(
          proposed,
          {
            decided: () => this.check(),
            allowTool: (name) => this.allow(name),
            ...(options.onEdit ? { edited: options.onEdit } : {}),
          },
          options.preflightFor?.(proposed.serverId),
          options.edits?.[proposed.call.id],
          // Several calls fold to a line each, the first open: the card stays short and each call
          // can still be read whole.
          { collapsible: count > 1, expanded: index === 0, ...(said ? { shownWords: said } : {}) },
        ),
    );
    // Told apart from the description above it: the description is computed from the calls, these
    // are the model's own words and may not match what the calls do.
    const asked = said ? undefined : proposal.askedExplanation?.trim();
    const words = said
      ? element('blockquote', {
          className: 'mw-model-words',
          children: [
            element('div', { className: 'mw-call-label', text: 'The model says:' }),
            element('p', { text: redactSecrets(said) }),
          ],
        })
      : asked
        ? // The calls came without a word; the model was asked afterwards (explainCalls.quickExplanation).
          element('blockquote', {
            className: 'mw-model-words mw-asked-explanation',
            children: [
              element('div', {
                className: 'mw-call-label',
                text: 'The model’s explanation, asked for afterwards (its own words, not a check):',
              }),
              element('p', { text: redactSecrets(asked) }),
            ],
          })
        : undefined;
    // Reasoning can run long: folded.
    const reasoning = proposal.reasoning?.trim()
      ? element('details', {
          className: 'mw-model-reasoning',
          children: [
            element('summary', {
              className: 'mw-call-label',
              text: 'The model’s reasoning (its own words, not a check)',
            }),
            element('p', { text: proposal.reasoning.trim() }),
          ],
        })
      : undefined;
    const single = count === 1 ? this.calls[0] : undefined;
    const actions = single
      ? single.actions
      : element('div', {
          className: 'mw-proposal-bulk',
          children: [
            button('Approve all', () => this.approveAll(), {
              className: 'mw-button mw-button-primary mw-approve-all',
              ariaLabel: 'Approve all calls on this card',
            }),
            button('Deny all', () => this.denyAll(), {
              className: 'mw-button mw-button-danger mw-deny-all',
              ariaLabel: 'Deny all calls on this card',
            }),
          ],
        });
    // "Query" only when the call carries SQL; another server's tool is a call.
    const isQuery = (call: (typeof proposal.calls)[number]) =>
      sqlArgument(call.displayArguments) !== undefined;
    const heading =
      count === 1
        ? `Approve this ${proposal.calls[0] && isQuery(proposal.calls[0]) ? 'query' : 'call'}?`
        : `Approve these ${count} ${proposal.calls.every(isQuery) ? 'queries' : 'calls'}?`;
    const headingId = `mw-approval-heading-${proposal.runId}-${proposal.round}`;
    this.root = element('section', {
      className: 'mw-approval-card',
      attributes: {
        role: 'dialog',
        'aria-modal': 'false',
        'aria-labelledby': headingId,
        tabindex: '-1',
      },
      children: [
        element('div', {
          className: 'mw-approval-body',
          children: [
            element('h3', {
              className: 'mw-approval-heading',
              text: heading,
              attributes: { id: headingId },
            }),
            proposal.calls.some((call) => call.modifiesData)
              ? element('p', { className: 'mw-modifies', text: '⚠ This proposal modifies data.' })
              : undefined,
            words,
            ...this.calls.map((call) => call.root),
            // Folded and last: the calls and their actions come first where room is short.
            reasoning,
          ],
        }),
        element('div', {
          className: 'mw-approval-footer',
          children: [
            actions,
            element('p', {
              className: 'mw-hint',
              text:
                count === 1
                  ? 'Enter approves, Esc denies. In the SQL, Ctrl+Enter (⌘+Enter) approves and Esc leaves the editor.'
                  : 'Enter approves all, Esc denies all. In the SQL, Ctrl+Enter (⌘+Enter) approves that query and Esc leaves the editor.',
            }),
          ],
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
      // The first Esc only leaves the editor, keeping the edit; Esc again, on the card, denies.
      if (target?.closest('.mw-sql-editor')) this.focus();
      else this.denyAll();
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
