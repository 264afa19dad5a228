// The system prompt's opening text: system-prompt.md bundled at build time, so a static host needs no
// extra file; a publisher may point `systemPromptUrl` in app-config.json at a replacement.
import bundledPrompt from '../../system-prompt.md?raw';
import { errorMessage } from '../errors/error-message';

/** The system-prompt.md the app was built with. */
export const bundledSystemPrompt: string = bundledPrompt;

/**
 * The prompt text: the bundled one when `url` is absent (nothing is fetched), else the file at `url`.
 * A replacement that cannot be loaded is reported through `notify` and the bundled prompt is used.
 */
export async function loadSystemPromptText(
  url: string | undefined,
  notify: (message: string) => void,
  fetchFunction: typeof fetch = fetch,
): Promise<string> {
  if (url === undefined) return bundledSystemPrompt;
  let reason: string;
  try {
    const response = await fetchFunction(url, { cache: 'no-cache' });
    const type = response.headers.get('content-type') ?? '';
    // A host that answers every path with index.html would otherwise hand the model a web page.
    if (response.ok && !type.includes('text/html')) return await response.text();
    reason = response.ok ? 'the server answered with an HTML page' : `HTTP ${response.status}`;
  } catch (error) {
    reason = errorMessage(error);
  }
  notify(
    `systemPromptUrl ${url} could not be loaded (${reason}); the chat uses the bundled system prompt. Check the path in app-config.json.`,
  );
  return bundledSystemPrompt;
}

/** The prompt text as it loads: the bundled one until the replacement at the config's URL is in. */
export interface SystemPromptText {
  /** The text now. */
  text(): string;
  /** Settles once the text is final (at once without a replacement). */
  loaded: Promise<void>;
}

/** Starts loading the prompt text (see `loadSystemPromptText`); reads the bundled one meanwhile. */
export function loadSystemPrompt(
  url: string | undefined,
  notify: (message: string) => void,
): SystemPromptText {
  let text = bundledSystemPrompt;
  const loaded = loadSystemPromptText(url, notify).then((loadedText) => {
    text = loadedText;
  });
  return { text: () => text, loaded };
}
