// Ids for calls the provider did not number (recovered from text, Gemini's function calls).

let counter = 0;

/** A call id unique within this page: a time stamp, a counter and a random part. */
export function createCallId(): string {
  counter = (counter + 1) % 1_000_000;
  const random = Math.floor(Math.random() * 36 ** 4).toString(36);
  return `call_${Date.now().toString(36)}${counter.toString(36)}${random}`;
}
