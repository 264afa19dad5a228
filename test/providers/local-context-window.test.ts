// The window a local server runs the model with, asked of the server (llama.cpp, Ollama, LM Studio,
// vLLM), best effort under a short timeout and cached.
import { describe, expect, it } from 'vitest';
import { localContextWindow } from '../../src/providers/local-context-window';
import type { FetchFunction } from '../../src/providers/provider-options';

let port = 40_000;
/** A fresh endpoint per test, since answers are cached per endpoint and model. */
const endpoint = () => `http://127.0.0.1:${(port += 1)}/v1`;

/** A server that answers the paths in `routes` (by path) and 404 for the rest; records each request. */
function server(routes: Record<string, unknown>) {
  const asked: string[] = [];
  const fetch: FetchFunction = async (url) => {
    const path = new URL(url).pathname;
    asked.push(path);
    return path in routes
      ? new Response(JSON.stringify(routes[path]), { status: 200 })
      : new Response('not found', { status: 404 });
  };
  return { fetch, asked };
}

describe('the window a local server runs a model with', () => {
  it('reads llama.cpp /props n_ctx', async () => {
    const { fetch } = server({ '/props': { default_generation_settings: { n_ctx: 16_384 } } });
    expect(await localContextWindow(endpoint(), 'any', { fetch })).toBe(16_384);
  });

  it('reads the loaded model of Ollama /api/ps before the Modelfile num_ctx', async () => {
    const { fetch } = server({
      '/api/ps': { models: [{ name: 'qwen2.5:7b', context_length: 8_192 }] },
      '/api/show': { parameters: 'num_ctx                        32768\nstop "<|im_end|>"' },
    });
    expect(await localContextWindow(endpoint(), 'qwen2.5:7b', { fetch })).toBe(8_192);
    const showOnly = server({ '/api/show': { parameters: 'num_ctx 32768' } });
    expect(await localContextWindow(endpoint(), 'qwen2.5:7b', showOnly)).toBe(32_768);
  });

  it('finds the loaded model whether or not the person typed its :latest tag', async () => {
    const { fetch } = server({
      '/api/ps': { models: [{ name: 'llama3.1:latest', context_length: 16_384 }] },
    });
    expect(await localContextWindow(endpoint(), 'llama3.1', { fetch })).toBe(16_384);
    const typedTag = server({
      '/api/ps': { models: [{ name: 'llama3.1', context_length: 4_096 }] },
    });
    expect(await localContextWindow(endpoint(), 'llama3.1:latest', typedTag)).toBe(4_096);
    const otherTag = server({
      '/api/ps': { models: [{ name: 'llama3.1:70b', context_length: 4_096 }] },
    });
    expect(await localContextWindow(endpoint(), 'llama3.1', otherTag)).toBeUndefined();
  });

  it('reads LM Studio and vLLM', async () => {
    const lmStudio = server({
      '/api/v0/models/qwen%2Fqwen3-8b': {
        max_context_length: 32_768,
        loaded_context_length: 4_096,
      },
    });
    expect(await localContextWindow(endpoint(), 'qwen/qwen3-8b', lmStudio)).toBe(4_096);
    const vllm = server({ '/v1/models': { data: [{ id: 'm', max_model_len: 12_288 }] } });
    expect(await localContextWindow(endpoint(), 'm', vllm)).toBe(12_288);
  });

  it('is undefined when no server says, and asks again next time', async () => {
    const at = endpoint();
    const { fetch, asked } = server({});
    expect(await localContextWindow(at, 'm', { fetch })).toBeUndefined();
    await localContextWindow(at, 'm', { fetch });
    expect(asked.length).toBe(10);
  });

  it('asks a server that answered only once', async () => {
    const at = endpoint();
    const { fetch, asked } = server({ '/props': { n_ctx: 8_192 } });
    await localContextWindow(at, 'm', { fetch });
    expect(await localContextWindow(at, 'm', { fetch })).toBe(8_192);
    expect(asked.length).toBe(5);
  });

  it('gives up within its timeout on a server that never answers', async () => {
    const hanging: FetchFunction = (_url, init) =>
      new Promise((_resolve, reject) =>
        init.signal?.addEventListener('abort', () => reject(new Error('aborted'))),
      );
    const started = Date.now();
    expect(await localContextWindow(endpoint(), 'm', { fetch: hanging, timeoutMs: 100 })).toBe(
      undefined,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("sends no key or cookie, only to the endpoint's origin", async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fetch: FetchFunction = async (url, init) => {
      seen.push({ url, init });
      return new Response('{}', { status: 200 });
    };
    const at = endpoint();
    await localContextWindow(at, 'm', { fetch });
    expect(seen).toHaveLength(5);
    for (const { url, init } of seen) {
      expect(new URL(url).origin).toBe(new URL(at).origin);
      expect(init.credentials).toBe('omit');
      expect(init.redirect).toBe('error');
      expect(JSON.stringify(init.headers ?? {})).not.toMatch(/authorization|api-key/i);
    }
  });
});
