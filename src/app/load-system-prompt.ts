// The publisher's system-prompt.md, served next to index.html; the bundled copy when it is missing.
import bundledPrompt from '../../system-prompt.md?raw';

/** The text of system-prompt.md. */
export async function loadSystemPromptText(url = './system-prompt.md'): Promise<string> {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    const type = response.headers.get('content-type') ?? '';
    if (response.ok && !type.includes('text/html')) return await response.text();
  } catch {
    // Falls through to the bundled prompt: a missing file is not an error worth showing.
  }
  return bundledPrompt;
}
