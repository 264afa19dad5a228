// Settings' "Test connection": one tiny request to the model the person chose, and a plain answer.
import { redactSecrets } from '../agent/redact';
import { createChosenModel } from '../providers/create-chosen-model';
import { PROVIDER_DEFAULTS, type ModelChoice } from '../providers/provider-defaults';
import type { ConnectionReport } from '../ui/settings-panel';

/** Sends one tiny request and says plainly whether the model answered. */
export async function testModelConnection(
  settings: ModelChoice,
  timeoutMs = 20_000,
): Promise<ConnectionReport> {
  if (PROVIDER_DEFAULTS[settings.provider].needsKey && !settings.apiKey) {
    return {
      ok: false,
      message: `${PROVIDER_DEFAULTS[settings.provider].label} needs an API key: paste it above.`,
    };
  }
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new Error(`no answer within ${timeoutMs / 1000} s`)),
    timeoutMs,
  );
  try {
    const model = createChosenModel(settings);
    let text = '';
    for await (const event of model.stream(
      { messages: [{ role: 'user', content: 'Reply with the single word OK.' }] },
      controller.signal,
    )) {
      if (event.type === 'text-delta') text += event.text;
    }
    return {
      ok: true,
      message: redactSecrets(
        `Connected to ${settings.model} at ${settings.endpoint}. It replied: “${text.trim().slice(0, 80) || '(empty)'}”.`,
      ),
    };
  } catch (error) {
    const reason = controller.signal.aborted
      ? String(controller.signal.reason)
      : error instanceof Error
        ? error.message
        : String(error);
    // A server may echo the key in its error; the endpoint may hold a token in its query string.
    return {
      ok: false,
      message: redactSecrets(
        `Could not reach ${settings.model} at ${settings.endpoint}: ${reason}`,
      ),
    };
  } finally {
    clearTimeout(timer);
  }
}
