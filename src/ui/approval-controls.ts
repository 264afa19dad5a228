// The header's approvals: the session auto-approve switch and the tools allowed for the session, revocable.
import { button, element } from './dom';
import type { SessionApprovalsState } from '../agent/session-approvals';

/** What the switch and the list act on (the agent's SessionApprovals fits). */
export interface SessionApprovalsLike {
  autoApprove: boolean;
  revoke(toolName: string): void;
  state(): SessionApprovalsState;
  onChange(listener: (state: SessionApprovalsState) => void): () => void;
}

/** Renders the session's approvals and keeps them in sync. */
export class ApprovalControls {
  /** The element that holds the controls. */
  readonly root: HTMLElement;
  private readonly toggle: HTMLInputElement;
  private readonly list = element('ul', {
    className: 'mw-allowances',
    attributes: { 'aria-label': 'Tools allowed for this session' },
  });
  private readonly unsubscribe: () => void;

  constructor(private readonly approvals: SessionApprovalsLike) {
    this.toggle = element('input', { attributes: { type: 'checkbox', role: 'switch' } });
    this.toggle.className = 'mw-auto-approve';
    this.toggle.addEventListener('change', () => {
      approvals.autoApprove = this.toggle.checked;
    });
    const label = element('label', {
      className: 'mw-auto-approve-label',
      children: [this.toggle, element('span', { text: 'Auto-approve queries this session' })],
    });
    this.root = element('div', { className: 'mw-approval-controls', children: [label, this.list] });
    this.unsubscribe = approvals.onChange((state) => this.render(state));
    this.render(approvals.state());
  }

  private render(state: SessionApprovalsState): void {
    this.toggle.checked = state.autoApprove;
    this.root.dataset.autoApprove = String(state.autoApprove);
    this.list.replaceChildren(
      ...state.allowed.map((tool) =>
        element('li', {
          children: [
            element('span', { text: `${tool} allowed` }),
            button('Revoke', () => this.approvals.revoke(tool), {
              className: 'mw-button mw-revoke',
              ariaLabel: `Revoke the allowance for ${tool}; it will ask again`,
            }),
          ],
        }),
      ),
    );
    this.list.hidden = state.allowed.length === 0;
  }

  /** Stops listening. */
  destroy(): void {
    this.unsubscribe();
  }
}
