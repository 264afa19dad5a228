// A short request beside the turn (the summary of turns left out, the quick explanation of a proposal):
// its text, read to the end. A provider that ignores its AbortSignal must not hold the turn, so every
// read races the signal.
import { raceAbort } from './abort-race';
import type { ChatModel, ModelRequest } from '../types';

/**
 * The text `model` streams for `request`. Rejects with what the stream threw, or with the signal's
 * reason once `signal` aborts (a timeout, a stop); the stream is then let go.
 */
export async function sideRequestText(
  model: ChatModel,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<string> {
  let text = '';
  const iterator = model.stream(request, signal)[Symbol.asyncIterator]();
  try {
    for (;;) {
      const next = await raceAbort(iterator.next(), signal);
      if (next.done) return text;
      if (next.value.type === 'text-delta') text += next.value.text;
    }
  } catch (error) {
    if (iterator.return) iterator.return().catch(() => {});
    throw signal.aborted ? signal.reason : error;
  }
}
