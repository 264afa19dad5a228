// How long a read-only, idempotent tool's answer is reused for the same arguments when the config's
// `limits.reuseAnswersMs` says nothing: 10 minutes, long enough for a conversation's lookups, short
// enough that a table changed on the server is seen again soon.

/** The default of `limits.reuseAnswersMs`, in milliseconds. */
export const DEFAULT_REUSE_ANSWERS_MS = 600_000;
