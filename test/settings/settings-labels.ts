// Finds settings controls the way a person does: by the words of their visible label.

/** The control whose visible `<label>` reads exactly `text` (by `for`, or wrapped in the label). */
export function controlLabelled<T extends HTMLElement>(root: ParentNode, text: string): T {
  const label = [...root.querySelectorAll('label')].find(
    (candidate) => candidate.textContent?.trim() === text,
  );
  const control = label?.control;
  if (!control) throw new Error(`no control has the visible label "${text}"`);
  return control as unknown as T;
}

/** The text of the elements that `aria-describedby` of `control` points at. */
export function descriptionOf(control: HTMLElement): string {
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
