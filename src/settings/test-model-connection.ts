// Settings' "Test connection": one tiny request to the model the person chose, and a plain answer told
// the way the chat tells a failed turn (src/agent/failures/failure-description.ts).
import { toErrorInfo, toModelError } from '../agent/failures/errors';
import { describeFailure } from '../agent/failures/failure-description';
import { redactSecrets } from '../agent/redact/redact';
import { createChosenModel } from '../providers/create-chosen-model';
import { PROVIDER_DEFAULTS, type ModelChoice } from '../providers/provider-defaults';
import type { FetchFunction } from '../providers/provider-options';
import type { ConnectionReport } from './settings-panel';

/** How Test connection runs. */
export interface TestConnectionOptions {
  timeoutMs?: number;
  /** The page's fetch (it names a request the security policy refused); default the global one. */
  fetch?: FetchFunction;
  /** False when the publisher's endpoint holds the key (`llm.bringYourOwnKey`): none is asked for. */
  bringYourOwnKey?: boolean;
}

/** Sends one tiny request and says plainly whether the model answered. */
export async function testModelConnection(
  settings: ModelChoice,
  options: TestConnectionOptions = {},
): Promise<ConnectionReport> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const keyAsked = options.bringYourOwnKey ?? true;
  if (keyAsked && PROVIDER_DEFAULTS[settings.provider].needsKey && !settings.apiKey) {
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
    const model = createChosenModel(settings, options.fetch);
    let text = '';
    for await (const event of model.stream(
      { messages: [{ role: 'user', content: 'Reply with the single word OK.' }] },
      controller.signal,
    )) {
      if (event.type === 'text-delta') text += event.text;
    }
    if (controller.signal.aborted) throw controller.signal.reason;
    return {
      ok: true,
      message: redactSecrets(
        `Connected to ${settings.model} at ${settings.endpoint}. It replied: “${text.trim().slice(0, 80) || '(empty)'}”.`,
      ),
    };
  } catch (error) {
    if (controller.signal.aborted) {
      return {
        ok: false,
        message: `The model took too long: no answer within ${timeoutMs / 1000} s. Check the endpoint and the model, or try again.`,
      };
    }
    // A server may echo the key in its error; toErrorInfo masks secrets, the endpoint's query included.
    const info = toErrorInfo(toModelError(error));
    const description = describeFailure(info);
    const detail = info.detail ? ` The server said: “${info.detail}”` : '';
    return {
      ok: false,
      message: redactSecrets(
        `${description.title}. ${description.sentence} ${description.advice}${detail}`,
      ),
    };
  } finally {
    clearTimeout(timer);
  }
}
