// A response body's network reads as they arrive. An injected fetch may not tie the body to the signal,
// so aborting cancels a pending read at once; a consumer that stops early releases the connection.

/** The network reads of `body`, ended at once when `signal` aborts. */
export async function* readBodyChunks(
  body: ReadableStream<Uint8Array>,
  signal?: AbortSignal,
): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  let finished = false;
  const cancel = (): void => void reader.cancel().catch(() => undefined);
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      yield value;
    }
    finished = true;
  } finally {
    signal?.removeEventListener('abort', cancel);
    if (!finished) await reader.cancel().catch(() => undefined);
  }
}
