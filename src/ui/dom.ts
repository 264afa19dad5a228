// A tiny element builder: every node is made with createElement and textContent, never HTML strings.

/** What `element` can set on a new node. */
export interface ElementOptions {
  className?: string;
  text?: string;
  attributes?: Record<string, string>;
  children?: (Node | undefined)[];
}

/** Creates an element with a class, text, attributes and children. */
export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  options: ElementOptions = {},
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (options.className) node.className = options.className;
  if (options.text !== undefined) node.textContent = options.text;
  for (const [name, value] of Object.entries(options.attributes ?? {}))
    node.setAttribute(name, value);
  for (const child of options.children ?? []) if (child) node.append(child);
  return node;
}

/** Creates a labelled button that calls `onClick`. */
export function button(
  label: string,
  onClick: (event: MouseEvent) => void,
  options: { className?: string; ariaLabel?: string; title?: string } = {},
): HTMLButtonElement {
  const node = element('button', {
    className: options.className ?? 'mw-button',
    text: label,
    attributes: { type: 'button' },
  });
  if (options.ariaLabel) node.setAttribute('aria-label', options.ariaLabel);
  if (options.title) node.title = options.title;
  node.addEventListener('click', onClick);
  return node;
}

/** Formats a duration for people: 850 ms, 1.2 s, 2 min 5 s. */
export function formatDuration(milliseconds: number): string {
  if (milliseconds < 1_000) return `${Math.round(milliseconds)} ms`;
  if (milliseconds < 60_000) return `${(milliseconds / 1_000).toFixed(1)} s`;
  const minutes = Math.floor(milliseconds / 60_000);
  return `${minutes} min ${Math.round((milliseconds % 60_000) / 1_000)} s`;
}

/** Formats arguments as indented JSON for display. */
export function formatArguments(args: Record<string, unknown>): string {
  return JSON.stringify(args, null, 2) ?? '';
}

/** A titled section of the settings panel (its title is also its accessible name). */
export function settingsSection(
  title: string,
  className: string,
  children: (Node | undefined)[],
): HTMLElement {
  return element('section', {
    className,
    attributes: { 'aria-label': title },
    children: [element('h3', { text: title }), ...children],
  });
}
