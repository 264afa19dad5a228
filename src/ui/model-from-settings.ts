// Builds the ChatModel the person chose in the settings, and tests a connection to it.
import { redactSecrets } from '../agent/redact';
import { createAnthropicModel } from '../providers/anthropic/anthropic-model';
import { createGeminiModel } from '../providers/gemini/gemini-model';
import { createOpenAICompatibleModel } from '../providers/openai-compatible/openai-compatible-model';
import { PROVIDER_DEFAULTS, type LlmSettings } from '../storage/llm-settings-store';
import type { ChatModel } from '../agent/types';
import type { ConnectionReport } from './settings-panel';

/** The model for these settings; the key is given only to this provider's adapter (its endpoint). */
export function createModelFromSettings(settings: LlmSettings): ChatModel {
  const apiKey = settings.apiKey || undefined;
  const common = { model: settings.model, ...(apiKey ? { apiKey } : {}) };
  switch (PROVIDER_DEFAULTS[settings.provider].kind) {
    case 'anthropic':
      return createAnthropicModel({ ...common, baseUrl: settings.endpoint });
    case 'gemini':
      return createGeminiModel({ ...common, endpoint: settings.endpoint });
    case 'openai-compatible':
      return createOpenAICompatibleModel({
        ...common,
        baseUrl: settings.endpoint,
        ...(settings.provider === 'openrouter' ? { headers: { 'X-Title': 'Mapwright' } } : {}),
      });
  }
}

/** Sends one tiny request and says plainly whether the model answered. */
export async function testModelConnection(
  settings: LlmSettings,
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
    const model = createModelFromSettings(settings);
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
