import { describe, expect, it, vi } from 'vitest';

describe('vi.waitFor in the unit suite', () => {
  it('waits longer than one second for a condition that takes that long', async () => {
    const started = Date.now();
    await vi.waitFor(() => expect(Date.now() - started).toBeGreaterThan(1_500));
  });
});
