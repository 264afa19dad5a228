// An OpenAI-compatible server on loopback that streams scripted answers, for tests, browser runs and
// benchmarks. See fake-llm-script.ts for the script format.
import { readFileSync } from 'node:fs';
import { startLoopbackServer } from '../loopback';
import {
  ruleMatches,
  type FakeLlmFailure,
  type FakeLlmReply,
  type FakeLlmScript,
} from './fake-llm-script';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request the fake LLM received. */
export interface FakeLlmRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: {
    model?: string;
    messages?: { role: string; content?: unknown }[];
    tools?: unknown[];
    [key: string]: unknown;
  };
}

/** A running fake LLM. `url` ends in `/v1`: use it as the OpenAI-compatible base URL. */
export interface FakeLlm {
  url: string;
  stop(): Promise<void>;
  /** The model calls it received (POSTs under /v1/), in order; the models list and the like are not kept. */
  requests: FakeLlmRequest[];
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-api-key, accept',
  // Without this a page cannot read Retry-After from a cross-origin 429.
  'access-control-expose-headers': 'retry-after',
  'access-control-max-age': '600',
};

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { ...corsHeaders, 'content-type': 'application/json', ...headers });
  response.end(JSON.stringify(body));
}

/** Splits text into word-sized pieces that keep their spaces, as a tokenizer roughly would. */
function tokens(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function streamReply(
  response: ServerResponse,
  reply: FakeLlmReply,
  model: string,
  delayMs: number,
  cutOffAfter: number | undefined,
  includeUsage: boolean,
  beforeCutOff: () => Promise<void> = async () => undefined,
): Promise<void> {
  response.writeHead(200, {
    ...corsHeaders,
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
  });
  const id = `chatcmpl-fake${Date.now().toString(36)}`;
  const created = Math.floor(Date.now() / 1000);
  let sent = 0;
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null): string =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [{ index: 0, delta, finish_reason: finishReason }] })}\n\n`;
  const write = async (data: string): Promise<boolean> => {
    if (response.destroyed) return false;
    if (cutOffAfter !== undefined && sent >= cutOffAfter) {
      await beforeCutOff();
      response.socket?.destroy();
      return false;
    }
    if (cutOffAfter === undefined) response.write(data);
    // Before a cut-off, wait for each piece to reach the socket so the client gets the text before the drop.
    else await new Promise<void>((resolve) => response.write(data, () => resolve()));
    sent++;
    if (delayMs > 0) await sleep(delayMs);
    return true;
  };
  if (!(await write(chunk({ role: 'assistant', content: '' })))) return;
  for (const piece of tokens(reply.reasoning ?? ''))
    if (!(await write(chunk({ reasoning_content: piece })))) return;
  for (const piece of tokens(reply.text ?? ''))
    if (!(await write(chunk({ content: piece })))) return;
  const calls = reply.toolCalls ?? [];
  for (const [index, call] of calls.entries()) {
    const callId = call.id ?? `call_fake_${index}_${Math.random().toString(36).slice(2, 8)}`;
    const head = {
      index,
      id: callId,
      type: 'function',
      function: { name: call.name, arguments: '' },
    };
    if (!(await write(chunk({ tool_calls: [head] })))) return;
    const argumentsText =
      typeof call.arguments === 'string' ? call.arguments : JSON.stringify(call.arguments);
    for (let offset = 0; offset < argumentsText.length; offset += 12) {
      const fragment = argumentsText.slice(offset, offset + 12);
      if (!(await write(chunk({ tool_calls: [{ index, function: { arguments: fragment } }] }))))
        return;
    }
  }
  if (!(await write(chunk({}, calls.length > 0 ? 'tool_calls' : 'stop')))) return;
  if (includeUsage) {
    const usage = { prompt_tokens: 100, completion_tokens: sent, total_tokens: 100 + sent };
    if (
      !(await write(
        `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, choices: [], usage })}\n\n`,
      ))
    )
      return;
  }
  if (!(await write('data: [DONE]\n\n'))) return;
  response.end();
}

/** How the fake model starts. */
export interface FakeLlmOptions {
  /** The script, or the path of a JSON file holding it. */
  script: FakeLlmScript | string;
  /**
   * Awaited before a `cut-off` failure drops the connection, its pieces sent: a test can wait until
   * the page shows them. A browser that reads the drop before the bytes ahead of it (a renderer slowed
   * by a busy machine) discards those bytes, so a cut at once can show less than was sent.
   */
  beforeCutOff?: () => Promise<void>;
}

/** Starts a fake LLM following `script` (an object, or the path of a JSON file). */
export async function startFakeLlm(options: FakeLlmOptions): Promise<FakeLlm> {
  const script: FakeLlmScript =
    typeof options.script === 'string'
      ? (JSON.parse(readFileSync(options.script, 'utf8')) as FakeLlmScript)
      : options.script;
  const model = script.model ?? 'fake-model';
  const requests: FakeLlmRequest[] = [];
  const failuresServed = new Map<number, number>();

  const server = await startLoopbackServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
      if (request.method === 'OPTIONS') {
        response.writeHead(204, corsHeaders).end();
        return;
      }
      const text = await readBody(request);
      let body: FakeLlmRequest['body'];
      try {
        body = text ? (JSON.parse(text) as FakeLlmRequest['body']) : {};
      } catch {
        sendJson(response, 400, {
          error: { message: 'The body is not JSON.', type: 'invalid_request_error' },
        });
        return;
      }
      // Model calls only (POSTs under the OpenAI-compatible base): the models list and a local server's
      // window asked for (llama.cpp's /props, Ollama's /api/show) are no requests to the model, and
      // tests count and read these.
      if (request.method === 'POST' && path.startsWith('/v1/'))
        requests.push({ method: request.method, path, headers: request.headers, body });
      if (request.method === 'GET' && path === '/v1/models') {
        sendJson(response, 200, {
          object: 'list',
          data: [{ id: model, object: 'model', created: 0, owned_by: 'mapwright-tests' }],
        });
        return;
      }
      if (request.method !== 'POST' || path !== '/v1/chat/completions') {
        sendJson(response, 404, {
          error: { message: `No route ${request.method} ${path}.`, type: 'not_found' },
        });
        return;
      }
      const messages = body.messages ?? [];
      const ruleIndex = script.rules.findIndex((rule) => ruleMatches(rule, messages));
      const rule = script.rules[ruleIndex];
      let failure: FakeLlmFailure | undefined;
      if (rule?.failures) {
        const served = failuresServed.get(ruleIndex) ?? 0;
        failure = rule.failures[served];
        if (failure) failuresServed.set(ruleIndex, served + 1);
      }
      const reply = rule?.reply ??
        script.fallback ?? { text: 'The fake LLM has no scripted answer for this.' };
      const delayMs = reply.tokenDelayMs ?? script.tokenDelayMs ?? 0;
      const includeUsage =
        (body.stream_options as { include_usage?: boolean } | undefined)?.include_usage === true;
      switch (failure?.kind) {
        case 'rate-limit':
          sendJson(
            response,
            429,
            {
              error: {
                message: 'Rate limit reached for requests',
                type: 'requests',
                code: 'rate_limit_exceeded',
              },
            },
            { 'retry-after': String(failure.retryAfterSeconds ?? 1) },
          );
          return;
        case 'unavailable':
          sendJson(response, 503, {
            error: { message: 'The server is overloaded or not ready yet.', type: 'server_error' },
          });
          return;
        case 'http-error':
          sendJson(
            response,
            failure.status,
            {
              error: {
                message: failure.message ?? 'A scripted failure.',
                type: 'scripted_error',
                code: failure.code ?? null,
              },
            },
            failure.retryAfterSeconds === undefined
              ? {}
              : { 'retry-after': String(failure.retryAfterSeconds) },
          );
          return;
        case 'hang':
          return; // never answers; stop() closes the connection
        case 'cut-off':
          await streamReply(
            response,
            reply,
            model,
            delayMs,
            failure.afterTokens ?? 2,
            includeUsage,
            options.beforeCutOff,
          );
          return;
        default:
          await streamReply(response, reply, model, delayMs, undefined, includeUsage);
      }
    })().catch(() => {
      // A client that went away mid-request (a stop, a cut-off): nothing left to answer.
      response.destroy();
    });
  });
  return { url: `${server.url}/v1`, stop: server.stop, requests };
}
