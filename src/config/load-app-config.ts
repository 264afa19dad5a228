// Fetches and validates app-config.json; a missing or broken file still yields a usable config.
import { errorMessage } from '../errors/error-message';
import { defaultAppConfig } from './default-app-config';
import { validateAppConfig, type ValidatedConfig } from './validate-app-config';
import type { ConfigProblem } from './app-config';

/** Loads the config at `url`. Never throws: problems describe what went wrong. */
export async function loadAppConfig(
  url: string,
  fetchFunction: typeof fetch = fetch,
): Promise<ValidatedConfig> {
  let text: string;
  try {
    const response = await fetchFunction(url, { cache: 'no-cache' });
    if (!response.ok) {
      return fallback({
        path: '(file)',
        message: `${url} could not be loaded (HTTP ${response.status}); the app uses its defaults. Put app-config.json next to index.html.`,
      });
    }
    text = await response.text();
  } catch (error) {
    return fallback({
      path: '(file)',
      message: `${url} could not be loaded (${errorMessage(error)}); the app uses its defaults.`,
    });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    return fallback({
      path: '(file)',
      message: `is not valid JSON (${errorMessage(error)}); the app uses its defaults. Check for a trailing comma or a missing quote.`,
    });
  }
  return validateAppConfig(raw);
}

function fallback(problem: ConfigProblem): ValidatedConfig {
  return { config: defaultAppConfig(), problems: [problem] };
}
