// The one way to read a thrown value as text. Every folder uses it, so it lives in a folder that imports
// nothing else of src/.

/** The message of any thrown value: an Error's message, a string as it is, anything else as JSON. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : (JSON.stringify(error) ?? String(error));
}
