// @vitest-environment jsdom
// The first words of an answer show the moment they arrive; later words are batched to frames, so a
// fast stream costs one render per frame.
import { describe, expect, it } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { createConversationDocument } from '../../src/agent/conversation/conversation-document';
import { ChatPanel } from '../../src/chat/chat-panel';
import { FrameScheduler } from '../../src/ui/frame-scheduler';

describe('the chat panel while an answer streams', () => {
  it('shows the first words at once and batches the rest to the next frame', () => {
    const frames: (() => void)[] = [];
    const scheduler = new FrameScheduler((callback) => frames.push(callback));
    const panel = new ChatPanel({
      onSend: () => {},
      onStop: () => {},
      retry: () => {},
      continueTurn: () => {},
      scheduler,
    });
    document.body.append(panel.root);
    const conversation = new Conversation(createConversationDocument('c', 0), () => 1);
    panel.show(conversation);
    const event = (value: Record<string, unknown>) =>
      conversation.dispatch({ type: 'agent-event', event: value as never, at: 1 });
    event({ type: 'turn-start', runId: 'r', userMessage: 'Where?', historyIndex: 0 });
    event({ type: 'round-start', runId: 'r', round: 0 });
    scheduler.flush();
    const answer = () => panel.root.querySelector('.mw-answer')?.textContent ?? '';
    event({ type: 'text-delta', runId: 'r', round: 0, text: 'Alaska' });
    expect(answer()).toContain('Alaska');
    event({ type: 'text-delta', runId: 'r', round: 0, text: ' and Chile' });
    expect(answer()).not.toContain('Chile');
    for (const frame of frames.splice(0)) frame();
    expect(answer()).toContain('Alaska and Chile');
    panel.root.remove();
  });
});
