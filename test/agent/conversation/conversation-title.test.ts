// A conversation is named after its first question, cut on a word; a name the person gives sticks.
import { describe, expect, it } from 'vitest';
import {
  UNTITLED,
  createConversationDocument,
} from '../../../src/agent/conversation/conversation-document';
import { reduceConversation } from '../../../src/agent/conversation/conversation-reducer';
import { titleFromQuestion } from '../../../src/agent/conversation/conversation-title';

const start = (runId: string, userMessage: string) =>
  ({ type: 'agent-event', event: { type: 'turn-start', runId, userMessage }, at: 1 }) as const;

describe('conversation titles', () => {
  it('keeps a short question whole, with its spaces collapsed', () => {
    expect(titleFromQuestion('  Where were   the\nstrongest quakes? ')).toBe(
      'Where were the strongest quakes?',
    );
  });

  it('cuts a long question on a word boundary with an ellipsis', () => {
    const title = titleFromQuestion(
      'Which counties in California had the highest unemployment rate in the last decade, by year?',
    );
    expect(title).toBe('Which counties in California had the highest unemployment…');
    expect(title.length).toBeLessThanOrEqual(61);
  });

  it('cuts a single very long word where it stands', () => {
    const title = titleFromQuestion(`https://example.com/${'a'.repeat(100)}`);
    expect(title).toHaveLength(61);
    expect(title.endsWith('…')).toBe(true);
  });

  it('names the conversation after the first question only', () => {
    let document = createConversationDocument('c', 0);
    expect(document.title).toBe(UNTITLED);
    document = reduceConversation(document, start('run-1', 'How many airports are in Alaska?'));
    document = reduceConversation(document, {
      type: 'run-settled',
      runId: 'run-1',
      result: { runId: 'run-1', outcome: 'completed', finishReason: 'stop', text: '', rounds: 1 },
      at: 2,
    });
    document = reduceConversation(document, start('run-2', 'And in Texas?'));
    expect(document.title).toBe('How many airports are in Alaska?');
  });

  it('keeps a renamed title when the first question is asked again', () => {
    let document = reduceConversation(createConversationDocument('c', 0), {
      type: 'renamed',
      title: '  Alaska  airports ',
    });
    expect(document.title).toBe('Alaska airports');
    document = reduceConversation(document, start('run-1', 'How many airports are in Alaska?'));
    expect(document.title).toBe('Alaska airports');
    document = reduceConversation(document, { type: 'truncated', turnIndex: 0 });
    expect(document.title).toBe('Alaska airports');
  });

  it('ignores an empty rename', () => {
    const document = createConversationDocument('c', 0);
    expect(reduceConversation(document, { type: 'renamed', title: '   ' })).toBe(document);
  });
});
