// vi.waitFor waits for a condition, polling; its default of one second is a timed assertion in
// disguise, and on a loaded two-core machine a condition that holds in 50 ms can take longer. Conditions
// here get ten seconds unless a test sets its own, still inside the test's own timeout.
import { vi } from 'vitest';

const defaultTimeoutMs = 10_000;
const waitFor = vi.waitFor.bind(vi);

vi.waitFor = ((callback, options) =>
  waitFor(
    callback,
    typeof options === 'number'
      ? options
      : { ...options, timeout: options?.timeout ?? defaultTimeoutMs },
  )) as typeof vi.waitFor;
