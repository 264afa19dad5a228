// A labelled settings field: the label above its control, the hint and error under it, tied together for
// assistive technology. Every section of the settings builds its fields here, so they read alike.
import { element } from '../ui/dom';

let nextFieldId = 0;

/** What a settings field shows besides its label and control. */
export interface SettingsFieldExtras {
  hint?: string;
  error?: HTMLElement;
  after?: HTMLElement[];
  /** A checkbox: the box sits before its label on one line, the hint under both. */
  checkbox?: boolean;
}

/** A labelled control with its hint and an error slot. */
export function settingsField(
  label: string,
  control: HTMLElement,
  extras: SettingsFieldExtras = {},
): HTMLElement {
  const describedBy: string[] = [];
  const hint = extras.hint
    ? element('small', {
        className: 'mw-field-hint',
        text: extras.hint,
        attributes: { id: `mw-field-hint-${(nextFieldId += 1)}` },
      })
    : undefined;
  if (hint) describedBy.push(hint.id);
  if (extras.error) describedBy.push(extras.error.id);
  if (describedBy.length > 0) control.setAttribute('aria-describedby', describedBy.join(' '));
  if (extras.checkbox)
    return element('div', {
      className: 'mw-field mw-field-checkbox',
      children: [
        element('label', {
          children: [control, element('span', { className: 'mw-field-label', text: label })],
        }),
        hint,
      ],
    });
  // The label holds only its words, so the hint is read once, as the description, not in the name.
  if (!control.id) control.id = `mw-field-control-${(nextFieldId += 1)}`;
  const labelElement = element('label', { className: 'mw-field-label', text: label });
  labelElement.htmlFor = control.id;
  return element('div', {
    className: 'mw-field',
    children: [labelElement, control, extras.error, hint, ...(extras.after ?? [])],
  });
}

/** An empty, hidden error message for a field, with an id its control can point at. */
export function settingsFieldError(): HTMLElement {
  const slot = element('small', {
    className: 'mw-field-error',
    attributes: { id: `mw-field-error-${(nextFieldId += 1)}` },
  });
  slot.hidden = true;
  return slot;
}

/** A titled group of fields inside a section (add a server, add a credential), named by its title. */
export function settingsSubform(
  title: string,
  className: string,
  children: (HTMLElement | undefined)[],
): HTMLElement {
  return element('div', {
    className: `mw-settings-subform ${className}`,
    attributes: { role: 'group', 'aria-label': title },
    children: [element('h4', { text: title }), ...children],
  });
}
