// A loopback front for the fake LLM that checks the API key, as a hosted provider does: a request without
// the right `Authorization: Bearer KEY` gets 401 with an OpenAI-style error body that echoes the key it
// was given (as some proxies do), so a test can prove the app never shows it. The rest is passed through.
import { request as httpRequest } from 'node:http';
import { startLoopbackServer } from '../../servers/loopback';

/** A running key-checking front. `url` ends in `/v1`. */
export interface KeyCheckingLlm {
  url: string;
  /** How many requests were refused. */
  refused(): number;
  stop(): Promise<void>;
}

const corsHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'authorization, content-type, x-api-key, accept',
  'access-control-max-age': '600',
};

/** Starts a front that accepts only `goodKey` and forwards accepted requests to `targetUrl` (a `/v1` URL). */
export async function startKeyCheckingLlm(
  targetUrl: string,
  goodKey: string,
): Promise<KeyCheckingLlm> {
  const target = new URL(targetUrl);
  let refused = 0;
  const server = await startLoopbackServer((request, response) => {
    if (request.method === 'OPTIONS') {
      response.writeHead(204, corsHeaders).end();
      return;
    }
    const authorization = request.headers.authorization ?? '';
    if (authorization !== `Bearer ${goodKey}`) {
      refused += 1;
      const presented = authorization.replace(/^Bearer\s+/i, '');
      response.writeHead(401, { ...corsHeaders, 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          error: {
            message: `Incorrect API key provided: ${presented}. You can find your API key in your account settings.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        }),
      );
      return;
    }
    const path = (request.url ?? '/').replace(/^\/v1/, target.pathname);
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path,
        method: request.method,
        headers: { ...request.headers, host: target.host },
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => response.destroy());
    request.pipe(forwarded);
  });
  return { url: `${server.url}/v1`, refused: () => refused, stop: server.stop };
}
