import { describe, expect, it } from 'vitest';
import { TextCallHoldback } from '../../src/providers/text-call-holdback';
import { createRecoveryContext } from '../../src/providers/text-call-syntax';
import { recoverToolCalls } from '../../src/providers/tool-call-recovery';

const context = createRecoveryContext(['query_sql', 'fly_to']);

/** Streams `text` in pieces of `size`; returns what was shown while streaming and what recovery kept. */
function stream(text: string, size: number) {
  const holdback = new TextCallHoldback(context);
  let shown = '';
  for (let index = 0; index < text.length; index += size)
    shown += holdback.push(text.slice(index, index + size));
  const recovered = recoverToolCalls(holdback.flush(), context);
  return { shown, final: shown + recovered.text, calls: recovered.calls.map((call) => call.name) };
}

describe('streamed text that may be a tool call is held back', () => {
  for (const size of [1, 3, 8, 1000]) {
    it(`never shows <tool_call> markup (pieces of ${size})`, () => {
      const result = stream(
        'Let me check.\n<tool_call>{"name":"query_sql","arguments":{"sql":"SELECT 1"}}</tool_call>',
        size,
      );
      expect(result.shown).toBe('Let me check.\n');
      expect(result.calls).toEqual(['query_sql']);
    });

    it(`never shows a bare JSON call at a line start (pieces of ${size})`, () => {
      const result = stream('Moving.\n{"name": "fly_to", "arguments": {"zoom": 3}}', size);
      expect(result.shown).toBe('Moving.\n');
      expect(result.calls).toEqual(['fly_to']);
    });

    it(`never shows name({...}) (pieces of ${size})`, () => {
      const result = stream('Okay fly_to({"zoom": 2})', size);
      expect(result.shown).toBe('Okay ');
      expect(result.calls).toEqual(['fly_to']);
    });

    it(`releases JSON that is not a call as soon as it closes (pieces of ${size})`, () => {
      const text = 'Example:\n{"type": "Feature", "properties": {}}\nand more text';
      const result = stream(text, size);
      expect(result.shown).toBe(text);
      expect(result.calls).toEqual([]);
    });

    it(`streams code blocks in other languages without waiting for the fence to close (pieces of ${size})`, () => {
      const text = 'SQL:\n```sql\nSELECT {not json}\n```\nthen <b>bold</b> and fly_to the moon';
      const result = stream(text, size);
      expect(result.final).toBe(text);
      expect(result.calls).toEqual([]);
      expect(result.shown.length).toBeGreaterThanOrEqual(text.length - 'fly_to the moon'.length);
    });
  }

  it('shows ordinary prose at once, holding back only a possible opener at the end', () => {
    const holdback = new TextCallHoldback(context);
    expect(holdback.push('Hello there, ')).toBe('Hello there, ');
    expect(holdback.push('see <tool')).toBe('see ');
    expect(holdback.push('tip>')).toBe('<tooltip>');
    expect(holdback.push(' and fly')).toBe(' and ');
    expect(holdback.push('ing')).toBe('flying');
  });
});
