// The session's approvals: the auto-approve switch, the banner shown while it is on, and the tools
// allowed for the session, revocable.
import { button, element } from '../ui/dom';
import type { SessionApprovalsState } from '../agent/session-approvals';
import './approval-controls.css';

/** What the switch and the list act on (the agent's SessionApprovals fits). */
export interface SessionApprovalsLike {
  autoApprove: boolean;
  revoke(toolName: string): void;
  state(): SessionApprovalsState;
  onChange(listener: (state: SessionApprovalsState) => void): () => void;
}

/** Renders the session's approvals and keeps them in sync. */
export class ApprovalControls {
  /** The switch and the allowances, for the header's toolbar. */
  readonly root: HTMLElement;
  /** Shown above the question box while auto-approve is on, with a way to turn it off. */
  readonly banner: HTMLElement;
  private readonly toggle: HTMLInputElement;
  private readonly list = element('ul', {
    className: 'mw-allowances',
    attributes: { 'aria-label': 'Tools allowed for this session' },
  });
  private readonly unsubscribe: () => void;

  constructor(private readonly approvals: SessionApprovalsLike) {
    this.toggle = element('input', {
      className: 'mw-auto-approve',
      attributes: { type: 'checkbox', role: 'switch' },
    });
    this.toggle.addEventListener('change', () => {
      approvals.autoApprove = this.toggle.checked;
    });
    const label = element('label', {
      className: 'mw-auto-approve-label',
      attributes: { title: 'Run every query of this session without asking first' },
      children: [
        this.toggle,
        element('span', { className: 'mw-switch-track', attributes: { 'aria-hidden': 'true' } }),
        element('span', { text: 'Auto-approve queries' }),
      ],
    });
    this.root = element('div', { className: 'mw-approval-controls', children: [label, this.list] });
    this.banner = element('div', {
      className: 'mw-auto-approve-banner',
      attributes: { role: 'status' },
      children: [
        element('span', { text: 'Auto-approve is on — queries run without asking' }),
        button(
          'Turn off',
          () => {
            approvals.autoApprove = false;
          },
          {
            className: 'mw-button mw-button-ghost mw-auto-approve-off',
            ariaLabel: 'Turn off auto-approve',
          },
        ),
      ],
    });
    this.unsubscribe = approvals.onChange((state) => this.render(state));
    this.render(approvals.state());
  }

  private render(state: SessionApprovalsState): void {
    this.toggle.checked = state.autoApprove;
    this.root.dataset.autoApprove = String(state.autoApprove);
    this.banner.hidden = !state.autoApprove;
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
    this.banner.remove();
  }
}
