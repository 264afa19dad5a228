// @vitest-environment jsdom
// A long conversation opens fast: its last turns are drawn at once, the older ones just after, in
// batches, and every one of them is on screen in the end; past 40 turns the log is marked long
// (chat.css lets the older turns skip rendering while out of view) and they are kept in one element, so
// a word streamed into the newest turn touches and lays out a few elements, not every turn.
import { describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import {
  createConversationDocument,
  type TurnRecord,
} from '../../src/agent/conversation/conversation-document';
import { ChatPanel } from '../../src/chat/chat-panel';
import { TurnView } from '../../src/chat/turn/turn-view';
import { FrameScheduler } from '../../src/ui/frame-scheduler';
import type { AgentEvent } from '../../src/agent/types';

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
    panel.destroy();
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
    panel.destroy();
  });

  it('streams words into the newest of 500 turns touching no other turn, in a log of a few children', () => {
    const frames: (() => void)[] = [];
    const scheduler = new FrameScheduler((callback) => frames.push(callback));
    const panel = new ChatPanel({
      onSend: () => {},
      onStop: () => {},
      retry: () => {},
      continueTurn: () => {},
      scheduler,
    });
    globalThis.document.body.append(panel.root);
    const conversation = new Conversation(
      {
        ...createConversationDocument('long', 0),
        turns: Array.from({ length: 500 }, (_, index) => turn(index)),
      },
      () => 1,
    );
    panel.show(conversation);
    const event = (value: AgentEvent) =>
      conversation.dispatch({ type: 'agent-event', event: value, at: 1 });
    event({ type: 'turn-start', runId: 'r', userMessage: 'Where?', historyIndex: 1000 });
    event({ type: 'round-start', runId: 'r', round: 0 });
    scheduler.flush();
    const log = panel.root.querySelector('.mw-log');
    // The welcome, the far turns' element and the five newest turns: a change in the newest turn makes
    // the browser lay out these seven, not 501 turns.
    expect(log?.children).toHaveLength(7);
    expect(panel.root.querySelectorAll('.mw-turn')).toHaveLength(501);
    const newest = log?.lastElementChild;
    expect(newest?.textContent).toContain('Where?');
    const observer = new MutationObserver(() => {});
    observer.observe(panel.root, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
    // How the model reads each turn is not worked out again for each word: no turn is marked anew.
    const marked = vi.spyOn(TurnView.prototype, 'setSent');
    event({ type: 'text-delta', runId: 'r', round: 0, text: 'Alaska' });
    event({ type: 'text-delta', runId: 'r', round: 0, text: ' and Chile' });
    for (const frame of frames.splice(0)) frame();
    expect(marked).not.toHaveBeenCalled();
    marked.mockRestore();
    // Nothing outside the newest turn changes, the status line and the far turns included.
    const changed = observer.takeRecords().map((record) => record.target);
    observer.disconnect();
    expect(newest?.textContent).toContain('Alaska and Chile');
    expect(changed.length).toBeGreaterThan(0);
    expect(changed.filter((target) => !newest?.contains(target))).toEqual([]);
    panel.root.remove();
    panel.destroy();
  });
});

describe('a chat panel that is destroyed', () => {
  it('draws nothing more of a long conversation after destroy: no timer outlives it', async () => {
    const panel = new ChatPanel({
      onSend: () => {},
      onStop: () => {},
      retry: () => {},
      continueTurn: () => {},
    });
    globalThis.document.body.append(panel.root);
    panel.show(
      new Conversation({
        ...createConversationDocument('c-destroyed', 0),
        turns: Array.from({ length: 200 }, (_, index) => turn(index)),
      }),
    );
    const drawn = () => panel.root.querySelectorAll('.mw-answer').length;
    const before = drawn();
    panel.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(drawn()).toBe(before);
    panel.root.remove();
  });
});
