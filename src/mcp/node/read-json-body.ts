// Reads a request's JSON body up to a size limit, so a client cannot make the server buffer megabytes.
import type { IncomingMessage } from 'node:http';

/** The request body is larger than the server accepts; answered with HTTP 413. */
export class RequestBodyTooLargeError extends Error {
  override readonly name = 'RequestBodyTooLargeError';
  constructor(readonly limitBytes: number) {
    super(
      `The request body is larger than ${limitBytes} bytes, the most this server accepts. ` +
        'Send a smaller request, or start the server with a higher --max-body-bytes.',
    );
  }
}

/**
 * The parsed JSON body, or undefined when empty. A declared Content-Length above `maxBytes` is refused
 * before any byte is read, and a body without one (chunked) is refused as soon as it passes the limit;
 * the rest is then read and dropped, not kept.
 */
export function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    return Promise.reject(new RequestBodyTooLargeError(maxBytes));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= maxBytes) {
        chunks.push(chunk);
        return;
      }
      // Stop keeping bytes but leave the stream flowing: destroying it would also destroy the socket,
      // and the client would never read the 413 answer.
      request.off('data', onData);
      request.off('end', onEnd);
      request.resume();
      reject(new RequestBodyTooLargeError(maxBytes));
    };
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        resolve(text ? JSON.parse(text) : undefined);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    };
    request.on('data', onData);
    request.once('end', onEnd);
    request.once('error', reject);
  });
}
