// A conversation that could not be written is said once per run of failed writes, not on every change
// that fails again, and the storage line is refreshed so the person sees why.
import { errorMessage } from '../errors/error-message';
import { isQuotaError } from '../storage/quota-error';

/** A function to hand the conversation writer as its error callback. */
export function writeErrorReporter(
  notify: (message: string) => void,
  showStorage: () => void,
): (error: unknown) => void {
  // By the clock, not a timer: nothing of it waits after the chat is gone.
  let saidAt: number | undefined;
  return (error) => {
    const now = Date.now();
    if (saidAt !== undefined && now - saidAt < 60_000) return;
    saidAt = now;
    notify(
      isQuotaError(error)
        ? 'The browser’s storage for this site is full. This conversation is kept in this tab and saved once there is room: delete old conversations in Conversations to make some.'
        : `The conversation could not be saved: ${errorMessage(error)}`,
    );
    showStorage();
  };
}
