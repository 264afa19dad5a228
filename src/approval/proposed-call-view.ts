// One call on the approval card: a head line (what, where, and its decision), then the details: what it
// does, the model's explanation, the editable SQL, the pre-flight, other arguments and a deny reason.
import { REDACTED, redactSecrets } from '../agent/redact/redact';
import { sqlArgumentName } from '../agent/sql-argument-names';
import { callLabel } from '../ui/call-label';
import { button, element, formatArguments } from '../ui/dom';
import { LazySqlEditor } from './lazy-sql-editor';
import { preflightLines } from './preflight-lines';
import type { ApprovalDecision, ProposedCall } from '../agent/types';
import type { PreflightFunction, PreflightReport } from '../data/preflight/preflight';

/** How long a check runs before the card says why it is still checking, in milliseconds. */
export const slowCheckMs = 1_000;

/** What the card says while a check waits for the data. */
export const slowCheckText =
  'Checking… the SQL engine is still starting or loading this table (once a visit).';

/** Shown when the SQL holds a secret: the card shows it masked, so an edit would run the mask. */
export const MASKED_SQL_NOTE =
  'This SQL contains a secret, shown masked, so it cannot be edited here: Approve runs it as the ' +
  'model wrote it. To change it, Deny with a reason and the model will propose new SQL.';

/** What the call view reports to its card. */
export interface ProposedCallHandlers {
  decided(): void;
  allowTool(toolName: string): void;
  /** The person changed the SQL (kept with the conversation, so a reload does not lose it). */
  edited?(callId: string, editedArguments: Record<string, unknown>): void;
}

/** How the card shows a call. */
export interface ProposedCallDisplay {
  /** The details fold behind the head line (a card with several calls); false shows them always. */
  collapsible: boolean;
  /** Whether folded details start open. */
  expanded: boolean;
  /** Words the card already shows once (the model's text): an explanation that repeats them is left out. */
  shownWords?: string;
}

/** The description the card shows: the tool's name in front is dropped, the head line names the tool. */
function describedAction(description: string, name: string): string {
  const text = description.startsWith(`${name}: `)
    ? description.slice(name.length + 2)
    : description;
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Renders one proposed call and holds the person's decision on it. */
export class ProposedCallView {
  /** The element that holds the call. */
  readonly root: HTMLElement;
  /** Approve and Deny (and Allow, for a card of one call, whose footer holds them). */
  readonly actions: HTMLElement;
  private readonly details: HTMLElement;
  private readonly toggle: HTMLButtonElement | undefined;
  /** The decision, once made. */
  decision: ApprovalDecision | undefined;
  private readonly editor: LazySqlEditor | undefined;
  private readonly sqlKey: string | undefined;
  private readonly originalSql: string | undefined;
  /** True when the real SQL differs from the SQL shown, because a secret in it is masked. */
  private readonly secretMasked: boolean;
  private readonly reason: HTMLInputElement;
  private readonly outcome = element('div', {
    className: 'mw-call-outcome',
    attributes: { 'aria-live': 'polite' },
  });
  private readonly preflightBox = element('div', { className: 'mw-preflight' });
  private readonly buttons: HTMLButtonElement[] = [];
  private preflightTimer: number | undefined;
  private preflightAbort: AbortController | undefined;

  constructor(
    readonly proposed: ProposedCall,
    private readonly handlers: ProposedCallHandlers,
    private readonly preflight: PreflightFunction | undefined,
    /** Arguments the person edited before (the card is shown again after a reload). */
    initialEdit?: Record<string, unknown>,
    display: ProposedCallDisplay = { collapsible: false, expanded: true },
  ) {
    const args = proposed.displayArguments;
    this.sqlKey = sqlArgumentName(args);
    this.originalSql = this.sqlKey ? String(args[this.sqlKey]) : undefined;
    const realSql = this.sqlKey ? proposed.call.arguments[this.sqlKey] : undefined;
    this.secretMasked = this.originalSql !== undefined && realSql !== this.originalSql;
    const rest = { ...args };
    if (this.sqlKey) delete rest[this.sqlKey];
    const explained = proposed.call.arguments.explanation;
    const explainedText = typeof explained === 'string' ? redactSecrets(explained.trim()) : '';
    // Said once: an explanation that only repeats the words the card shows already is left out.
    const repeated = explainedText !== '' && explainedText === display.shownWords?.trim();
    const explanation =
      explainedText && !repeated
        ? element('blockquote', {
            className: 'mw-model-words mw-call-explanation',
            children: [
              element('div', {
                className: 'mw-call-label',
                text: 'The model’s explanation (its own words, not a check):',
              }),
              element('p', { text: explainedText }),
            ],
          })
        : undefined;
    if (explainedText) delete rest.explanation;
    const name = proposed.call.name;
    const mismatch = proposed.displayMismatch
      ? element('p', {
          className: 'mw-modifies mw-display-mismatch',
          text: `⚠ ${proposed.displayMismatch}`,
          attributes: { role: 'alert' },
        })
      : undefined;
    const label = callLabel({ name, ...proposed });
    const action = describedAction(proposed.description, name);
    const description = element('p', { className: 'mw-proposal-description', text: action });
    const warning = proposed.modifiesData
      ? element('p', {
          className: 'mw-modifies',
          text: '⚠ This call modifies data.',
          attributes: { role: 'note' },
        })
      : undefined;
    if (this.originalSql !== undefined) {
      const editedSql = this.sqlKey ? initialEdit?.[this.sqlKey] : undefined;
      this.editor = new LazySqlEditor(
        !this.secretMasked && typeof editedSql === 'string' ? editedSql : this.originalSql,
        this.secretMasked
          ? `SQL for ${name}, read-only because it contains a masked secret`
          : `SQL for ${name}: edit it before approving (Ctrl+Enter approves)`,
        {
          onChange: (text) => {
            this.schedulePreflight(text);
            if (this.sqlKey)
              handlers.edited?.(proposed.call.id, {
                ...proposed.call.arguments,
                [this.sqlKey]: text,
              });
          },
          onSubmit: () => this.approve(),
          readOnly: this.secretMasked,
        },
      );
    }
    this.reason = element('input', {
      className: 'mw-deny-reason',
      attributes: {
        type: 'text',
        placeholder: 'Reason (optional, sent to the model)',
        'aria-label': `Reason for denying ${name} (optional, sent to the model)`,
      },
    });
    this.buttons.push(
      button('Approve', () => this.approve(), {
        className: 'mw-button mw-approve',
        ariaLabel: `Approve ${name}`,
      }),
      button('Deny', () => this.deny(), {
        className: 'mw-button mw-deny',
        ariaLabel: `Deny ${name}`,
      }),
      button(
        'Allow for this session',
        () => {
          this.approve();
          // Only an approval that went through becomes a session allowance.
          if (this.decision) this.handlers.allowTool(name);
        },
        {
          className: 'mw-button mw-button-ghost mw-allow',
          ariaLabel: `Allow for this session: run ${name} without asking until the page reloads`,
        },
      ),
    );
    const [approve, deny, allow] = this.buttons;
    approve?.classList.add('mw-button-primary');
    deny?.classList.add('mw-button-danger');
    // A folded call's line holds only Approve and Deny; the allowance waits in its details.
    this.actions = element('div', {
      className: 'mw-proposal-actions',
      children: display.collapsible ? [approve, deny] : [approve, deny, allow],
    });
    this.details = element('div', {
      className: 'mw-proposed-details',
      attributes: {
        id: `mw-call-details-${proposed.call.id.replace(/\s/g, '_')}-${proposed.callIndex}`,
      },
      children: [
        mismatch,
        warning,
        display.collapsible ? undefined : description,
        explanation,
        this.editor
          ? element('div', {
              className: 'mw-call-label',
              text: this.secretMasked ? 'SQL (secrets masked, read-only)' : 'SQL (you can edit it)',
            })
          : undefined,
        this.editor?.root,
        this.secretMasked
          ? element('p', {
              className: 'mw-note mw-masked-sql',
              text: MASKED_SQL_NOTE,
              attributes: { role: 'note' },
            })
          : undefined,
        this.preflight && this.editor ? this.preflightBox : undefined,
        Object.keys(rest).length > 0
          ? element('pre', {
              className: 'mw-call-arguments',
              text: formatArguments(rest),
              attributes: { 'aria-label': 'Other arguments, secrets masked' },
            })
          : undefined,
        element('label', {
          className: 'mw-deny-reason-label',
          children: [element('span', { text: 'Reason if you deny (optional)' }), this.reason],
        }),
        display.collapsible ? allow : undefined,
      ],
    });
    const title = element('span', {
      className: 'mw-proposed-title',
      children: [
        element('span', { className: 'mw-call-name', text: label }),
        display.collapsible ? description : undefined,
      ],
    });
    if (display.collapsible) {
      this.toggle = element('button', {
        className: 'mw-proposed-toggle',
        attributes: {
          type: 'button',
          'aria-controls': this.details.id,
        },
        children: [element('span', { className: 'mw-proposed-chevron', text: '▸' }), title],
      });
      this.toggle.addEventListener('click', () => this.setExpanded(!this.expanded));
    }
    this.root = element('div', {
      className: 'mw-proposed-call',
      attributes: {
        role: 'group',
        'aria-label': `Proposed call ${proposed.callIndex + 1}: ${label}`,
      },
      children: [
        element('div', {
          className: 'mw-proposed-head',
          children: [
            this.toggle ?? title,
            display.collapsible ? this.actions : undefined,
            this.outcome,
          ],
        }),
        this.details,
      ],
    });
    if (warning) this.root.classList.add('mw-proposed-modifies');
    this.setExpanded(!display.collapsible || display.expanded);
    if (this.originalSql !== undefined) this.runPreflight(this.originalSql);
  }

  /** True while the call's details show. */
  get expanded(): boolean {
    return !this.details.hidden;
  }

  /** Shows or folds the call's details (a card with several calls). */
  setExpanded(expanded: boolean): void {
    this.details.hidden = !expanded;
    this.toggle?.setAttribute('aria-expanded', String(expanded));
    this.root.classList.toggle('mw-proposed-expanded', expanded);
  }

  /** The SQL as it is in the editor (undefined for calls without SQL). */
  get sql(): string | undefined {
    return this.editor?.value;
  }

  /** Replaces the SQL in the editor. */
  set sql(text: string) {
    if (this.editor) this.editor.value = text;
  }

  /**
   * Approves, with the edited SQL when the analyst changed it. An edit that would send a mask
   * (`[REDACTED]`) as a value is refused with a message instead, so a masked secret never runs; so is
   * SQL whose masked display reads as other statements than the SQL that would run.
   */
  approve(): void {
    if (this.decision) return;
    if (this.proposed.displayMismatch) {
      this.refuse(`Not approved: ${this.proposed.displayMismatch}`);
      return;
    }
    const edited = this.editor?.value;
    if (this.sqlKey && edited !== undefined && edited !== this.originalSql) {
      if (this.secretMasked || edited.includes(REDACTED)) {
        this.refuse(
          this.secretMasked
            ? `Not approved: ${MASKED_SQL_NOTE}`
            : `Not approved: the SQL contains ${REDACTED}, a mask that would run as literal text. ` +
                'Replace it with the real value, or Deny.',
        );
        return;
      }
      this.decide(
        {
          kind: 'approve-edited',
          arguments: { ...this.proposed.call.arguments, [this.sqlKey]: edited },
        },
        'Approved with your edits.',
      );
    } else this.decide({ kind: 'approve' }, 'Approved.');
  }

  /** Denies, with the reason typed (if any). */
  deny(): void {
    if (this.decision) return;
    const reason = this.reason.value.trim();
    this.decide(
      reason ? { kind: 'deny', reason } : { kind: 'deny' },
      reason ? `Denied: ${reason}` : 'Denied.',
    );
  }

  private refuse(text: string): void {
    this.root.dataset.refused = 'true';
    this.outcome.setAttribute('role', 'alert');
    this.outcome.textContent = text;
  }

  private decide(decision: ApprovalDecision, text: string): void {
    delete this.root.dataset.refused;
    this.outcome.removeAttribute('role');
    this.decision = decision;
    this.root.dataset.decision = decision.kind;
    this.outcome.textContent = text;
    for (const control of this.buttons) control.disabled = true;
    this.reason.disabled = true;
    this.editor?.setReadOnly(true);
    this.preflightAbort?.abort();
    this.handlers.decided();
  }

  private schedulePreflight(text: string): void {
    if (!this.preflight) return;
    window.clearTimeout(this.preflightTimer);
    this.preflightTimer = window.setTimeout(() => this.runPreflight(text), 400);
  }

  private runPreflight(text: string): void {
    if (!this.preflight) return;
    this.preflightAbort?.abort();
    const controller = new AbortController();
    this.preflightAbort = controller;
    this.preflightBox.dataset.checking = 'true';
    delete this.preflightBox.dataset.parses;
    this.preflightBox.textContent = 'Checking…';
    // A check answers in tens of milliseconds once the data is loaded; a long one waits for the SQL
    // engine to start or for the table to load, which happens once a visit (docs/performance.md).
    const slow = window.setTimeout(() => {
      if (!controller.signal.aborted) this.preflightBox.textContent = slowCheckText;
    }, slowCheckMs);
    controller.signal.addEventListener('abort', () => window.clearTimeout(slow));
    this.preflight(text, controller.signal).then(
      (report) => {
        window.clearTimeout(slow);
        if (!controller.signal.aborted) this.showPreflight(report);
      },
      (error: unknown) => {
        window.clearTimeout(slow);
        if (!controller.signal.aborted) this.showPreflight({ parses: false, error: String(error) });
      },
    );
  }

  private showPreflight(report: PreflightReport): void {
    delete this.preflightBox.dataset.checking;
    if (report.unavailable === undefined) this.preflightBox.dataset.parses = String(report.parses);
    const lines = preflightLines(report);
    this.preflightBox.replaceChildren(
      ...lines.map((line) => element('div', { className: line.className, text: line.text })),
    );
  }

  /** Frees the editor. */
  destroy(): void {
    this.preflightAbort?.abort();
    window.clearTimeout(this.preflightTimer);
    this.editor?.destroy();
  }
}
