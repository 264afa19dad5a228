// The settings' model field: free text with the provider's own list offered as suggestions (a
// datalist), fetched when the provider, endpoint or key changes. A list that cannot be fetched leaves
// free text, with a short note saying why.
import { toErrorInfo, toModelError } from '../agent/failures/errors';
import { describeFailure } from '../agent/failures/failure-description';
import { element } from '../ui/dom';
import type { ModelChoice } from '../providers/provider-defaults';

/** Lists the models of a provider; rejects with the provider's error when it cannot. */
export type ModelLister = (choice: ModelChoice, signal: AbortSignal) => Promise<string[]>;

let nextListId = 0;

/** The model input, its suggestions and the note under it. */
export class ModelField {
  /** The text input (free text always works). */
  readonly input: HTMLInputElement;
  /** Says whether the list came from the server, or why not. */
  readonly note = element('small', {
    className: 'mw-model-note',
    attributes: { 'aria-live': 'polite' },
  });
  /** The suggestions. */
  readonly options: HTMLDataListElement;
  private loading: AbortController | undefined;
  private listedFor = '';

  constructor(private readonly lister: ModelLister | undefined) {
    const listId = `mw-model-options-${(nextListId += 1)}`;
    this.options = element('datalist', { attributes: { id: listId } });
    this.input = element('input', {
      className: 'mw-model',
      attributes: {
        type: 'text',
        name: 'model',
        spellcheck: 'false',
        autocomplete: 'off',
        list: listId,
      },
    });
  }

  /** Fetches the list for `choice` unless it is the one shown; `needsKey` without a key skips it. */
  refresh(choice: ModelChoice, needsKey: boolean, endpointValid: boolean): void {
    const key = JSON.stringify([choice.provider, choice.endpoint, choice.apiKey]);
    if (key === this.listedFor) return;
    this.listedFor = key;
    this.loading?.abort();
    this.loading = undefined;
    this.options.replaceChildren();
    if (!this.lister) return;
    if (!endpointValid) {
      this.note.textContent = '';
      return;
    }
    if (needsKey && !choice.apiKey) {
      this.note.textContent = 'Paste the API key to see this provider’s models, or type a name.';
      return;
    }
    const controller = new AbortController();
    this.loading = controller;
    this.note.textContent = 'Looking for the server’s models…';
    this.lister(choice, controller.signal).then(
      (models) => {
        if (controller.signal.aborted) return;
        this.options.replaceChildren(
          ...models.map((model) => element('option', { attributes: { value: model } })),
        );
        this.note.textContent = `${models.length} ${models.length === 1 ? 'model' : 'models'} on the server: pick one or type a name.`;
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const { title } = describeFailure(toErrorInfo(toModelError(error)));
        this.note.textContent = `Could not list the models (${title.toLowerCase()}): type the model name.`;
      },
    );
  }

  /** Stops a fetch still under way. */
  destroy(): void {
    this.loading?.abort();
  }
}
