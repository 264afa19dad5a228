// A server's request for input, shown in the chat as a small form: who asks, in the app's words (the
// server's configured id and host, never the name it gives itself, which could be "Mapwright"), its
// message, one input per field of the requested schema (defaults filled in), and Accept / Decline /
// Cancel. A field that asks for a key or a password is hidden as typed and warned about. Accept sends
// nothing until the answers pass the server's schema; the problems are listed under the form instead.
import {
  elicitationFields,
  elicitationProblems,
  fieldValueFromText,
  type ElicitationField,
  type ElicitationValue,
} from '../mcp/forms/elicitation-form';
import { button, element } from '../ui/dom';
import './elicitation-card.css';
import type { ElicitationAnswer, ElicitationRequest } from '../mcp/forms/elicitation-request';

type FieldInput = HTMLInputElement | HTMLSelectElement;

function inputFor(field: ElicitationField): FieldInput {
  const id = `mw-elicit-${field.name}`;
  if (field.kind === 'boolean') {
    const box = element('input', { attributes: { type: 'checkbox', id } });
    box.checked = field.defaultValue === true;
    return box;
  }
  if (field.kind === 'choice' || field.kind === 'choices') {
    const select = element('select', { attributes: { id } });
    select.multiple = field.kind === 'choices';
    // An optional single choice can be left unanswered; a required one without the server's default
    // starts unanswered too, so the browser's first option is never sent as if the person chose it.
    if (field.kind === 'choice' && (!field.required || field.defaultValue === undefined)) {
      select.append(
        element('option', {
          text: field.required ? 'Choose…' : '',
          attributes: { value: '' },
        }),
      );
    }
    const chosen = [field.defaultValue].flat();
    for (const option of field.options) {
      const node = element('option', { text: option.label, attributes: { value: option.value } });
      node.selected = chosen.includes(option.value);
      select.append(node);
    }
    return select;
  }
  const numeric = field.kind === 'number' || field.kind === 'integer';
  const type = numeric ? 'number' : field.secret ? 'password' : 'text';
  const input = element('input', { attributes: { type, id, autocomplete: 'off' } });
  if (field.kind === 'number') input.step = 'any';
  if (field.defaultValue !== undefined) input.value = String(field.defaultValue);
  return input;
}

function valueOf(field: ElicitationField, input: FieldInput): ElicitationValue | undefined {
  if (input instanceof HTMLInputElement && field.kind === 'boolean') return input.checked;
  if (input instanceof HTMLSelectElement && field.kind === 'choices') {
    return [...input.selectedOptions].map((option) => option.value);
  }
  return fieldValueFromText(field, input.value);
}

/** Who asks, as the app knows the server: `The server "crm" (crm.example.org) asks:`. */
export function formSender(request: ElicitationRequest): string {
  const host = request.serverHost ? ` (${request.serverHost})` : '';
  return `The server "${request.serverId}"${host} asks:`;
}

/** The warning under a field that asks for a key or a password. */
export function secretFieldWarning(request: ElicitationRequest): string {
  return (
    `This asks for a key or a password. Mapwright never asks for one in a form: it is the server ` +
    `"${request.serverId}" that asks. Type it only if you trust that server with it.`
  );
}

/** One request's form; `answer` resolves once with what the person chose (or `cancel` on `close`). */
export class ElicitationCard {
  /** The card's element, to place in the chat. */
  readonly root = element('form', { className: 'mw-elicitation', attributes: { novalidate: '' } });
  /** The person's answer. */
  readonly answer: Promise<ElicitationAnswer>;
  private settle!: (answer: ElicitationAnswer) => void;
  private readonly problems = element('ul', {
    className: 'mw-elicitation-problems',
    attributes: { role: 'alert' },
  });

  constructor(private readonly request: ElicitationRequest) {
    this.answer = new Promise((resolve) => (this.settle = resolve));
    const fields = elicitationFields(request.schema);
    const inputs = fields.map((field) => [field, inputFor(field)] as const);
    this.root.append(
      element('p', { className: 'mw-elicitation-from', text: formSender(request) }),
      element('p', { className: 'mw-elicitation-message', text: request.message }),
      ...inputs.map(([field, input]) =>
        element('div', {
          className:
            field.kind === 'boolean'
              ? 'mw-elicitation-field mw-elicitation-check'
              : 'mw-elicitation-field',
          children: [
            element('label', {
              text: field.required ? `${field.label} *` : field.label,
              attributes: { for: input.id },
            }),
            input,
            field.description ? element('small', { text: field.description }) : undefined,
            field.secret
              ? element('p', {
                  className: 'mw-elicitation-warning',
                  text: secretFieldWarning(request),
                  attributes: { role: 'note' },
                })
              : undefined,
          ],
        }),
      ),
      this.problems,
      element('div', {
        className: 'mw-elicitation-actions',
        children: [
          button('Accept', () => this.accept(inputs), { className: 'mw-button mw-button-primary' }),
          button('Decline', () => this.finish({ action: 'decline' })),
          button('Cancel', () => this.finish({ action: 'cancel' })),
        ],
      }),
    );
    // Enter in a text field accepts, as a form does; never a page submit (the app has no server).
    this.root.addEventListener('submit', (event) => {
      event.preventDefault();
      this.accept(inputs);
    });
  }

  /** Withdraws the card (the server gave up, or the chat closed): the answer is `cancel`. */
  close(): void {
    this.finish({ action: 'cancel' });
  }

  private accept(inputs: (readonly [ElicitationField, FieldInput])[]): void {
    const content: Record<string, ElicitationValue> = {};
    for (const [field, input] of inputs) {
      const value = valueOf(field, input);
      if (value !== undefined) content[field.name] = value;
    }
    const problems = elicitationProblems(this.request.schema, content);
    this.problems.replaceChildren(...problems.map((text) => element('li', { text })));
    if (problems.length === 0) this.finish({ action: 'accept', content });
  }

  private finish(answer: ElicitationAnswer): void {
    this.settle(answer);
    this.root.remove();
  }
}
