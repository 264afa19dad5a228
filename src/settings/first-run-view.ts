// What a visitor with no model sees instead of the usual welcome: what Mapwright is, and one step,
// "Connect a model", which opens the settings. The example questions wait for a model: choosing one
// puts it in the question box and opens the settings, instead of failing against a server that is not
// there.
import { button, element } from '../ui/dom';
import './first-run-view.css';

/** What the first-run view needs. */
export interface FirstRunOptions {
  /** The example questions of the app config. */
  examplePrompts: string[];
  /** Opens the settings; `prompt` is the example question chosen, if any. */
  onConnect(prompt?: string): void;
}

/** The first-run welcome. */
export function firstRunView(options: FirstRunOptions): HTMLElement {
  const note = element('p', {
    className: 'mw-first-run-note',
    text: 'These example questions need a model. Choose one to connect a model first; the question waits in the box.',
    attributes: { id: 'mw-first-run-examples-note' },
  });
  const examples = options.examplePrompts.map((prompt) => {
    const example = button(prompt, () => options.onConnect(prompt), {
      className: 'mw-button mw-example mw-example-needs-model',
    });
    example.setAttribute('aria-describedby', note.id);
    return example;
  });
  const view = element('div', {
    className: 'mw-first-run',
    children: [
      element('h3', { className: 'mw-first-run-title', text: 'Explore the data by asking' }),
      element('p', {
        text: 'Mapwright answers questions about the data on this map with maps, tables and charts. Every SQL query is shown to you before it runs.',
      }),
      element('p', {
        text: 'To start, connect a language model: a local one such as Ollama, or a hosted one with your own API key, which stays in this browser.',
      }),
      button('Connect a model', () => options.onConnect(), {
        className: 'mw-button mw-button-primary mw-connect-model',
      }),
      examples.length > 0
        ? element('div', {
            className: 'mw-first-run-examples',
            children: [note, element('div', { className: 'mw-examples', children: examples })],
          })
        : undefined,
    ],
  });
  return view;
}
