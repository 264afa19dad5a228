// The conversation list stays open on a wide screen across visits when the person left it open.
import { describe, expect, it } from 'vitest';
import { sidebarOpenState } from '../../src/storage/sidebar-open';
import { MemoryStorage } from '../memory-storage';

describe('the conversation list open state', () => {
  it('is kept for the next visit, and closed when nothing was kept', () => {
    const storage = new MemoryStorage();
    expect(sidebarOpenState.load(storage)).toBe(false);
    sidebarOpenState.save(true, storage);
    expect(sidebarOpenState.load(storage)).toBe(true);
    sidebarOpenState.save(false, storage);
    expect(sidebarOpenState.load(storage)).toBe(false);
  });

  it('a browser that refuses storage still gets an answer', () => {
    const refusing = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as unknown as Storage;
    expect(() => sidebarOpenState.save(true, refusing)).not.toThrow();
    expect(sidebarOpenState.load(refusing)).toBe(false);
  });
});
