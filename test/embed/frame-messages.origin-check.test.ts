// @vitest-environment jsdom
// A framed app takes questions only from pages the publisher allowed to frame it, and sends its events
// only to the allowed page that asked: any other window or origin is ignored.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { frameAncestorAllows, listenToParentFrame } from '../../src/embed/frame-messages';

describe('the frame’s origin check', () => {
  it.each([
    [["'self'"], 'https://maps.example.org', true],
    [["'self'"], 'https://news.example.com', false],
    [['https://news.example.com'], 'https://news.example.com', true],
    [['https://news.example.com'], 'http://news.example.com', false],
    [['https://news.example.com'], 'https://news.example.com:8443', false],
    [['https://news.example.com'], 'https://evil.example.net', false],
    [['https://*.example.com'], 'https://a.b.example.com', true],
    [['https://*.example.com'], 'https://example.com.evil.net', false],
    [[], 'https://news.example.com', false],
  ])('%j allows %s: %s', (ancestors, origin, allowed) => {
    expect(frameAncestorAllows(ancestors, origin, 'https://maps.example.org')).toBe(allowed);
  });
});

describe('messages from the parent page', () => {
  afterEach(() => vi.restoreAllMocks());

  function framed() {
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    const asked: string[] = [];
    const listener = listenToParentFrame({
      frameAncestors: ['https://news.example.com'],
      ask: (question) => asked.push(question),
    })!;
    const post = (data: unknown, origin: string, source: unknown = parent) =>
      window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as Window }));
    return { parent, asked, listener, post };
  }

  it('asks for an allowed parent and answers it alone', () => {
    const { parent, asked, listener, post } = framed();
    listener.send({ type: 'mapwright-answer', detail: { text: 'early', finishReason: 'stop' } });
    expect(parent.postMessage).not.toHaveBeenCalled();
    post({ type: 'mapwright:ask', question: 'Where?' }, 'https://evil.example.net');
    post({ type: 'mapwright:ask', question: 'Where?' }, 'https://news.example.com', {});
    expect(asked).toEqual([]);
    post({ type: 'mapwright:ask', question: 'Where?' }, 'https://news.example.com');
    expect(asked).toEqual(['Where?']);
    listener.send({ type: 'mapwright-answer', detail: { text: 'Here.', finishReason: 'stop' } });
    expect(parent.postMessage).toHaveBeenCalledWith(
      { type: 'mapwright-answer', detail: { text: 'Here.', finishReason: 'stop' } },
      'https://news.example.com',
    );
    listener.stop();
    post({ type: 'mapwright:ask', question: 'Again?' }, 'https://news.example.com');
    expect(asked).toEqual(['Where?']);
  });
});
