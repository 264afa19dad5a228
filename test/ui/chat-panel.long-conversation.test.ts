// @vitest-environment jsdom
// A long conversation opens fast: its last turns are drawn at once, the older ones just after, in
// batches, and every one of them is on screen in the end; past 40 turns the log is marked long
// (chat.css lets the older turns skip rendering while out of view).
import { describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import {
  createConversationDocument,
  type TurnRecord,
} from '../../src/agent/conversation/conversation-document';
import { ChatPanel } from '../../src/ui/chat-panel';

function turn(index: number): TurnRecord {
  return {
    runId: `run-${index}`,
    userText: `Question ${index}`,
    startedAt: index,
    endedAt: index,
    status: 'idle',
    outcome: 'completed',
    rounds: [{ round: 0, text: `Answer number ${index}.`, reasoning: '', calls: [] }],
  };
}

describe('the chat panel with a long conversation', () => {
  it('draws the last turns at once and the older ones right after', async () => {
    const document = {
      ...createConversationDocument('long', 0),
      turns: Array.from({ length: 60 }, (_, index) => turn(index)),
    };
    const panel = new ChatPanel({
      onSend: () => {},
      onStop: () => {},
      retry: () => {},
      continueTurn: () => {},
    });
    globalThis.document.body.append(panel.root);
    panel.show(new Conversation(document));
    const answers = () =>
      [...panel.root.querySelectorAll('.mw-turn')].map(
        (node) => node.querySelector('.mw-answer')?.textContent?.trim() ?? '',
      );
    expect(panel.root.querySelectorAll('.mw-turn')).toHaveLength(60);
    expect(answers().at(-1)).toBe('Answer number 59.');
    expect(answers().at(40)).toBe('Answer number 40.');
    expect(answers()[0]).toBe('');
    // Every question shows at once, even for turns whose answers come a moment later.
    expect(panel.root.querySelectorAll('.mw-user-text')[0]?.textContent).toBe('Question 0');
    // Drawn in batches of tasks: on a busy machine that can take longer than waitFor's default second.
    await vi.waitFor(() => expect(answers()[0]).toBe('Answer number 0.'), { timeout: 10_000 });
    expect(answers().every((text, index) => text === `Answer number ${index}.`)).toBe(true);
    panel.root.remove();
  });

  it('in a conversation of over 40 turns marks all but the newest five turns far, so they may skip rendering out of view', () => {
    const panel = new ChatPanel({
      onSend: () => {},
      onStop: () => {},
      retry: () => {},
      continueTurn: () => {},
    });
    const conversation = (turns: number) =>
      new Conversation({
        ...createConversationDocument(`c${turns}`, 0),
        turns: Array.from({ length: turns }, (_, index) => turn(index)),
      });
    const far = () =>
      [...panel.root.querySelectorAll('.mw-turn')].map((element) =>
        element.classList.contains('mw-turn-far'),
      );
    panel.show(conversation(40));
    expect(far().some(Boolean)).toBe(false);
    panel.show(conversation(41));
    // All but the newest five: answers, cards and errors appear there.
    expect(far()).toEqual(Array.from({ length: 41 }, (_, index) => index < 36));
    panel.show(conversation(0));
    expect(far()).toEqual([]);
  });
});
