// The session's approvals: the auto-approve switch, the banner shown while it is on, and the tools
// allowed for the session, revocable. The banner also lists the tools the person set to run without
// asking in Settings, for this session or remembered on this device, each withdrawn in one click.
import { button, element } from '../ui/dom';
import type { SessionApprovalsState } from '../agent/run/session-approvals';
import './approval-controls.css';

/** What the switch and the list act on (the agent's SessionApprovals fits). */
export interface SessionApprovalsLike {
  autoApprove: boolean;
  revoke(toolName: string): void;
  state(): SessionApprovalsState;
  onChange(listener: (state: SessionApprovalsState) => void): () => void;
}

/** The tools the person set to run without asking (the hub's PersonToolPolicies fits). */
export interface UnaskedToolsLike {
  unasked(): { serverId: string; toolName: string; remembered: boolean }[];
  onChange(listener: () => void): () => void;
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
  private readonly autoLine: HTMLElement;
  private readonly unaskedList = element('ul', {
    className: 'mw-unasked-tools',
    attributes: { 'aria-label': 'Tools set to run without asking' },
  });
  private unasked: UnaskedToolsLike | undefined;
  private ask: ((serverId: string, toolName: string) => void) | undefined;
  private unsubscribeUnasked: (() => void) | undefined;

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
    this.autoLine = element('div', {
      className: 'mw-auto-approve-line',
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
    this.banner = element('div', {
      className: 'mw-auto-approve-banner',
      attributes: { role: 'status' },
      children: [this.autoLine, this.unaskedList],
    });
    this.unsubscribe = approvals.onChange((state) => this.render(state));
    this.render(approvals.state());
  }

  /**
   * Lists in the banner the tools the person set to run without asking in Settings; `ask` withdraws
   * one (it asks again). Called once the MCP servers have started.
   */
  showUnaskedTools(
    tools: UnaskedToolsLike,
    ask: (serverId: string, toolName: string) => void,
  ): void {
    this.unsubscribeUnasked?.();
    this.unasked = tools;
    this.ask = ask;
    this.unsubscribeUnasked = tools.onChange(() => this.render(this.approvals.state()));
    this.render(this.approvals.state());
  }

  private render(state: SessionApprovalsState): void {
    this.toggle.checked = state.autoApprove;
    this.root.dataset.autoApprove = String(state.autoApprove);
    const unasked = this.unasked?.unasked() ?? [];
    this.autoLine.hidden = !state.autoApprove;
    this.banner.hidden = !state.autoApprove && unasked.length === 0;
    this.unaskedList.hidden = unasked.length === 0;
    this.unaskedList.replaceChildren(
      ...unasked.map(({ serverId, toolName, remembered }) =>
        element('li', {
          children: [
            element('span', {
              text: remembered
                ? `${toolName} runs without asking — remembered on this device`
                : `${toolName} runs without asking for this session`,
            }),
            button('Ask again', () => this.ask?.(serverId, toolName), {
              className: 'mw-button mw-button-ghost mw-ask-again',
              ariaLabel: `Ask before each ${toolName} call again`,
            }),
          ],
        }),
      ),
    );
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
    this.unsubscribeUnasked?.();
    this.banner.remove();
  }
}
