// A minimal LLM proxy for a published Mapwright: visitors' pages talk to it with no key, and it forwards
// their requests to the provider with the publisher's key added. Node 20 or later, no dependencies.
//
//   LLM_UPSTREAM=https://api.openai.com/v1 LLM_API_KEY=sk-... APP_ORIGIN=https://maps.example.org \
//     node examples/llm-proxy/server.mjs
//
// Then in app-config.json: "llm": { "providers": [{ "id": "site", "kind": "openai-compatible",
// "endpoint": "https://llm.example.org", "models": ["gpt-4o-mini"] }], "defaultProvider": "site",
// "bringYourOwnKey": false }, where https://llm.example.org reaches this server: the proxy's address
// stands in for LLM_UPSTREAM, so /chat/completions goes to LLM_UPSTREAM/chat/completions.
/* global fetch -- Node's own, since Node 18 */
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import process from 'node:process';
import { Readable } from 'node:stream';
import { URL } from 'node:url';

const upstream = requiredEnvironment('LLM_UPSTREAM').replace(/\/+$/, '');
const apiKey = requiredEnvironment('LLM_API_KEY');
// Only pages of this origin may call the proxy from a browser (CORS): the app's own origin.
const appOrigin = requiredEnvironment('APP_ORIGIN');
// How the provider takes its key: `bearer` (OpenAI-compatible), `x-api-key` (Anthropic) or
// `x-goog-api-key` (Gemini).
const keyStyle = process.env.LLM_KEY_STYLE ?? 'bearer';
const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 8787);
// A long conversation with its tool results fits well within this; anything larger is refused.
const maxBodyBytes = 8 * 1024 * 1024;

/**
 * The paths a chat needs, after the upstream base: the model list and the chat endpoint of each wire
 * format (OpenAI-compatible, Anthropic, Gemini). Nothing else of the provider's API is reachable.
 */
const allowedPaths = [
  /^\/models$/,
  /^\/chat\/completions$/,
  /^\/v1\/models$/,
  /^\/v1\/messages$/,
  /^\/models\/[\w.-]+:streamGenerateContent$/,
];

function requiredEnvironment(name) {
  const value = process.env[name];
  if (!value) {
    process.stderr.write(`Set ${name} (see the top of examples/llm-proxy/server.mjs).\n`);
    process.exit(1);
  }
  return value;
}

function keyHeaders() {
  if (keyStyle === 'x-api-key') return { 'x-api-key': apiKey, 'anthropic-version': '2023-06-01' };
  if (keyStyle === 'x-goog-api-key') return { 'x-goog-api-key': apiKey };
  return { authorization: `Bearer ${apiKey}` };
}

const corsHeaders = {
  'access-control-allow-origin': appOrigin,
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'content-type, accept, anthropic-version',
  'access-control-expose-headers': 'retry-after',
  'access-control-max-age': '600',
  vary: 'origin',
};

async function readBody(request) {
  const chunks = [];
  let size = 0;
  for await (const chunk of request) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new Error('too large');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

const server = createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://proxy');
  // Browsers send Origin with every cross-origin request: refuse other sites' pages.
  if (request.headers.origin !== undefined && request.headers.origin !== appOrigin) {
    response.writeHead(403, { 'content-type': 'text/plain' }).end('origin not allowed');
    return;
  }
  if (request.method === 'OPTIONS') {
    response.writeHead(204, corsHeaders).end();
    return;
  }
  const path = url.pathname;
  if (!['GET', 'POST'].includes(request.method ?? '') || !allowedPaths.some((p) => p.test(path))) {
    response.writeHead(404, { ...corsHeaders, 'content-type': 'text/plain' }).end('not found');
    return;
  }
  let body;
  try {
    body = request.method === 'POST' ? await readBody(request) : undefined;
  } catch {
    response.writeHead(413, { ...corsHeaders, 'content-type': 'text/plain' }).end('too large');
    return;
  }
  try {
    // The visitor's own headers are not forwarded (no cookies, no key of theirs): only the body's type.
    const answer = await fetch(`${upstream}${path}${url.search}`, {
      method: request.method,
      headers: {
        'content-type': request.headers['content-type'] ?? 'application/json',
        accept: request.headers.accept ?? '*/*',
        ...keyHeaders(),
      },
      body,
      redirect: 'error',
    });
    const headers = { ...corsHeaders, 'cache-control': 'no-store' };
    for (const name of ['content-type', 'retry-after']) {
      const value = answer.headers.get(name);
      if (value) headers[name] = value;
    }
    response.writeHead(answer.status, headers);
    if (!answer.body) return void response.end();
    // Streamed answers (server-sent events) are passed on as they arrive.
    Readable.fromWeb(answer.body).pipe(response);
  } catch {
    response
      .writeHead(502, { ...corsHeaders, 'content-type': 'text/plain' })
      .end('upstream failed');
  }
});

server.listen(port, host, () => {
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  process.stdout.write(
    `LLM proxy listening on http://${host}:${bound}, forwarding to ${upstream}\n`,
  );
});
