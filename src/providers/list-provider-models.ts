// The models a provider offers, for the settings' model list: OpenAI-compatible servers (OpenAI,
// OpenRouter, Ollama, llama.cpp, vLLM) answer `GET {endpoint}/models`, Ollama also `GET /api/tags`,
// Anthropic `GET /v1/models`, Gemini `GET {endpoint}/models`. The key goes only to the endpoint, in the
// same header the chat uses, and a redirect fails the request rather than carrying the key elsewhere.
import { errorFromFetchFailure, errorFromResponse } from './map-http-error';
import { PROVIDER_DEFAULTS, type ModelChoice } from './provider-defaults';
import { resolveFetch, trimBaseUrl, type FetchFunction } from './provider-options';
import type { ProviderName } from './provider-error';

/** At most this many models are offered (OpenRouter lists hundreds). */
const MODEL_LIMIT = 500;

interface ListRequest {
  url: string;
  headers: Record<string, string>;
  read(body: unknown): string[];
}

const records = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? value.filter(
        (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
      )
    : [];

const field = (body: unknown, name: string): unknown =>
  typeof body === 'object' && body !== null ? (body as Record<string, unknown>)[name] : undefined;

/** `{ data: [{ id }] }`, as OpenAI-compatible servers and Anthropic answer. */
function idsOfData(body: unknown): string[] {
  return records(field(body, 'data'))
    .map((model) => model.id)
    .filter((id): id is string => typeof id === 'string');
}

/** Ollama's `{ models: [{ name }] }`. */
function namesOfOllamaTags(body: unknown): string[] {
  return records(field(body, 'models'))
    .map((model) => model.name ?? model.model)
    .filter((name): name is string => typeof name === 'string');
}

/** Gemini's `{ models: [{ name: "models/…", supportedGenerationMethods }] }`, the chat models only. */
function namesOfGeminiModels(body: unknown): string[] {
  return records(field(body, 'models'))
    .filter((model) => {
      const methods = model.supportedGenerationMethods;
      return !Array.isArray(methods) || methods.includes('generateContent');
    })
    .map((model) => model.name)
    .filter((name): name is string => typeof name === 'string')
    .map((name) => name.replace(/^models\//, ''));
}

function requestsFor(choice: ModelChoice): { provider: ProviderName; requests: ListRequest[] } {
  const base = trimBaseUrl(choice.endpoint.trim());
  const key = choice.apiKey.trim();
  switch (PROVIDER_DEFAULTS[choice.provider].kind) {
    case 'anthropic':
      return {
        provider: 'anthropic',
        requests: [
          {
            url: `${base}/v1/models?limit=1000`,
            headers: {
              'anthropic-version': '2023-06-01',
              'anthropic-dangerous-direct-browser-access': 'true',
              ...(key ? { 'x-api-key': key } : {}),
            },
            read: idsOfData,
          },
        ],
      };
    case 'gemini':
      return {
        provider: 'gemini',
        requests: [
          {
            url: `${base}/models?pageSize=1000`,
            headers: key ? { 'x-goog-api-key': key } : {},
            read: namesOfGeminiModels,
          },
        ],
      };
    case 'openai-compatible': {
      const headers: Record<string, string> = key ? { authorization: `Bearer ${key}` } : {};
      const requests: ListRequest[] = [{ url: `${base}/models`, headers, read: idsOfData }];
      // Ollama before its OpenAI-compatible API, or a base URL without /v1: its own list.
      if (choice.provider === 'local') {
        try {
          requests.push({
            url: `${new URL(base).origin}/api/tags`,
            headers,
            read: namesOfOllamaTags,
          });
        } catch {
          // Not a URL: the first request fails and says so.
        }
      }
      return { provider: 'openai-compatible', requests };
    }
    case 'bedrock-converse':
      // Its presets name the models (listProviderModels returns them before asking); a key alone
      // cannot list them, and the control plane's list is not for the browser.
      return { provider: 'bedrock-converse', requests: [] };
  }
}

/**
 * The model names the provider lists, sorted, without duplicates. Throws a ProviderError (with the
 * same kinds as a failed chat request) when no list could be read.
 */
export async function listProviderModels(
  choice: ModelChoice,
  options: { fetch?: FetchFunction; signal?: AbortSignal } = {},
): Promise<string[]> {
  // A provider with no list of its own (Bedrock's OpenAI path answers only chat completions).
  const known = PROVIDER_DEFAULTS[choice.provider].models;
  if (known) return [...known].sort();
  const fetchFunction = resolveFetch(options.fetch);
  const { provider, requests } = requestsFor(choice);
  let failure: unknown;
  for (const request of requests) {
    try {
      let response: Response;
      try {
        response = await fetchFunction(request.url, {
          method: 'GET',
          headers: request.headers,
          redirect: 'error',
          ...(options.signal ? { signal: options.signal } : {}),
        });
      } catch (error) {
        throw errorFromFetchFailure(provider, request.url, error);
      }
      if (!response.ok) throw await errorFromResponse(provider, request.url, response);
      const names = request.read(await response.json());
      if (names.length > 0) return [...new Set(names)].sort().slice(0, MODEL_LIMIT);
      failure ??= new Error('The server listed no models.');
    } catch (error) {
      if (options.signal?.aborted) throw error;
      failure ??= error;
    }
  }
  throw failure ?? new Error('The server listed no models.');
}
