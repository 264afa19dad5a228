// The context window a local OpenAI-compatible server really runs a model with, asked of the server
// itself: llama.cpp (`GET /props`), Ollama (`GET /api/ps` for a loaded model, `POST /api/show` for a
// num_ctx set in its Modelfile), LM Studio (`GET /api/v0/models/{model}`) and vLLM (`max_model_len` in
// `GET {endpoint}/models`). Best effort: the probes run together under a short timeout, an answer is
// cached per endpoint and model, and nothing waits for it (the assumed window holds until it comes).
import { trimBaseUrl, type FetchFunction } from './provider-options';

/** How long the probes may take together before the assumed window is kept. */
export const LOCAL_WINDOW_TIMEOUT_MS = 1_500;

const cache = new Map<string, Promise<number | undefined>>();

/** Options of `localContextWindow`. */
export interface LocalWindowOptions {
  fetch: FetchFunction;
  timeoutMs?: number;
}

/**
 * The window (tokens) the server at `endpoint` (an OpenAI-compatible base URL such as
 * `http://localhost:11434/v1`) runs `model` with, or undefined when no server said. Cached; a probe
 * that found nothing is asked again next time (the model may have been loaded since).
 */
export function localContextWindow(
  endpoint: string,
  model: string,
  options: LocalWindowOptions,
): Promise<number | undefined> {
  const key = `${trimBaseUrl(endpoint)}\n${model}`;
  const cached = cache.get(key);
  if (cached) return cached;
  const probe = probeWindow(trimBaseUrl(endpoint), model, options).then((window) => {
    if (window === undefined) cache.delete(key);
    return window;
  });
  cache.set(key, probe);
  return probe;
}

async function probeWindow(
  endpoint: string,
  model: string,
  options: LocalWindowOptions,
): Promise<number | undefined> {
  const root = endpoint.replace(/\/v1$/, '');
  const signal = AbortSignal.timeout(options.timeoutMs ?? LOCAL_WINDOW_TIMEOUT_MS);
  const get = async (url: string, init: RequestInit = {}): Promise<unknown> => {
    const response = await options.fetch(url, {
      ...init,
      signal,
      credentials: 'omit',
      redirect: 'error',
    });
    return response.ok ? await response.json() : undefined;
  };
  const named = (body: unknown, list: string): Record<string, unknown> | undefined =>
    records(field(body, list)).find(
      (entry) =>
        sameModel(entry.name, model) || sameModel(entry.model, model) || sameModel(entry.id, model),
    );
  // In order of trust: what a server runs with before what a model could take.
  const probes: Promise<number | undefined>[] = [
    get(`${root}/props`).then(
      (body) =>
        tokens(field(field(body, 'default_generation_settings'), 'n_ctx')) ??
        tokens(field(body, 'n_ctx')),
    ),
    get(`${root}/api/ps`).then((body) => tokens(named(body, 'models')?.context_length)),
    get(`${root}/api/show`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model }),
    }).then((body) => numCtxOf(field(body, 'parameters'))),
    get(`${root}/api/v0/models/${encodeURIComponent(model)}`).then(
      (body) =>
        tokens(field(body, 'loaded_context_length')) ?? tokens(field(body, 'max_context_length')),
    ),
    get(`${endpoint}/models`).then((body) => tokens(named(body, 'data')?.max_model_len)),
  ];
  const answers = await Promise.allSettled(probes);
  for (const answer of answers) {
    if (answer.status === 'fulfilled' && answer.value !== undefined) return answer.value;
  }
  return undefined;
}

/**
 * Whether a server's name for a model is the name the person typed. Ollama lists `llama3.1:latest` for
 * the `llama3.1` a person pulls and types: `:latest` is the tag a name without one stands for.
 */
export function sameModel(listed: unknown, typed: string): boolean {
  if (typeof listed !== 'string') return false;
  const withoutDefaultTag = (name: string): string => name.replace(/:latest$/, '');
  return withoutDefaultTag(listed) === withoutDefaultTag(typed);
}

/** `num_ctx` in Ollama's Modelfile parameters text ("num_ctx    16384"). */
function numCtxOf(parameters: unknown): number | undefined {
  if (typeof parameters !== 'string') return undefined;
  const match = /^\s*num_ctx\s+(\d+)/m.exec(parameters);
  return match ? tokens(Number(match[1])) : undefined;
}

function tokens(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 512 ? value : undefined;
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter(
        (item): item is Record<string, unknown> => typeof item === 'object' && item !== null,
      )
    : [];
}
