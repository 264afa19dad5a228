// Compact tool specs for a small context: the first sentence of each description, no schema prose, and
// every rule a call must follow kept.
import { describe, expect, it } from 'vitest';
import { compactToolSpecs, firstSentence } from '../../../src/agent/context/compact-tool-specs';

describe('compact tool specs', () => {
  it('keeps the first sentence, past "e.g." and within 160 characters', () => {
    expect(firstSentence('Filter a layer, e.g. by state. Then more prose.')).toBe(
      'Filter a layer, e.g. by state.',
    );
    expect(firstSentence('One line\nsecond line')).toBe('One line');
    expect(firstSentence('x'.repeat(300))).toHaveLength(160);
  });

  it('drops descriptions, titles and examples but keeps a property named description', () => {
    const [spec] = compactToolSpecs([
      {
        name: 'add_note',
        description: 'Add a note. Long prose follows here.',
        inputSchema: {
          type: 'object',
          title: 'Note',
          properties: {
            description: { type: 'string', description: 'The note text.', examples: ['hi'] },
            tags: { type: 'array', items: { type: 'string', description: 'A tag.' }, maxItems: 3 },
            kind: { enum: ['a', 'b'], description: 'Kind.' },
          },
          required: ['description'],
        },
      },
    ]);
    expect(spec).toEqual({
      name: 'add_note',
      description: 'Add a note.',
      inputSchema: {
        type: 'object',
        properties: {
          description: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
          kind: { enum: ['a', 'b'] },
        },
        required: ['description'],
      },
    });
  });
});
