// @vitest-environment jsdom
// The actions on a turn: Regenerate only on the newest finished turn, Edit and Regenerate wait while a
// turn runs, Copy gives the answer's markdown, and the question editor's Esc only leaves the editor.
import { afterEach, describe, expect, it } from 'vitest';
import { Conversation } from '../../../src/agent/conversation/conversation';
import { createConversationDocument } from '../../../src/agent/conversation/conversation-document';
import { reduceConversation } from '../../../src/agent/conversation/conversation-reducer';
import { ChatPanel } from '../../../src/chat/chat-panel';
import type { ConversationAction } from '../../../src/agent/conversation/conversation-reducer';
import type { AgentEvent } from '../../../src/agent/types';

const event = (agentEvent: AgentEvent): ConversationAction => ({
  type: 'agent-event',
  event: agentEvent,
  at: 1,
});

function finishedTurn(runId: string, question: string, answer: string): ConversationAction[] {
  return [
    event({ type: 'turn-start', runId, userMessage: question }),
    event({ type: 'round-start', runId, round: 0 }),
    event({ type: 'text-delta', runId, round: 0, text: answer }),
    event({ type: 'turn-end', runId, round: 0, finishReason: 'stop', text: answer }),
    {
      type: 'run-settled',
      runId,
      result: { runId, outcome: 'completed', finishReason: 'stop', text: answer, rounds: 1 },
      at: 2,
    },
  ];
}

function setup() {
  const calls: string[] = [];
  const copied: string[] = [];
  const panel = new ChatPanel({
    onSend: () => undefined,
    onStop: () => calls.push('stop'),
    retry: () => undefined,
    continueTurn: () => undefined,
    regenerate: (turnIndex) => calls.push(`regenerate ${turnIndex}`),
    editQuestion: (turnIndex, text) => calls.push(`edit ${turnIndex} ${text}`),
    copyText: async (text) => {
      copied.push(text);
    },
  });
  document.body.append(panel.root);
  const document0 = [
    ...finishedTurn('run-1', 'Alaska?', 'Alaska has **300**.'),
    ...finishedTurn('run-2', 'Texas?', 'Texas has 400.'),
  ].reduce(reduceConversation, createConversationDocument('c', 0));
  const conversation = new Conversation(document0);
  panel.show(conversation);
  panel.flush();
  const buttons = (name: string) =>
    [...panel.root.querySelectorAll('button')].filter(
      (node) => node.getAttribute('aria-label') === name && !node.hidden,
    );
  return { panel, conversation, calls, copied, buttons };
}

afterEach(() => document.body.replaceChildren());

describe('turn actions', () => {
  it('offers Regenerate on the newest turn only, and asks for that turn', () => {
    const { calls, buttons } = setup();
    expect(buttons('Regenerate answer')).toHaveLength(1);
    expect(buttons('Copy answer')).toHaveLength(2);
    buttons('Regenerate answer')[0]!.click();
    expect(calls).toEqual(['regenerate 1']);
  });

  it('copies the answer as markdown and says so', async () => {
    const { copied, buttons, panel } = setup();
    buttons('Copy answer')[0]!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(copied).toEqual(['Alaska has **300**.']);
    expect(panel.root.querySelector('.mw-copy-answer')?.textContent).toBe('Copied');
  });

  it('waits while a turn runs: Edit disabled, no Regenerate on the running turn', () => {
    const { conversation, panel, buttons } = setup();
    conversation.dispatch(event({ type: 'turn-start', runId: 'run-3', userMessage: 'Ohio?' }));
    panel.flush();
    expect(buttons('Edit question').map((node) => node.disabled)).toEqual([true, true, true]);
    expect(buttons('Regenerate answer')).toHaveLength(0);
  });

  it('edits a question in place: Esc leaves the editor without stopping anything, Enter sends', () => {
    const { panel, calls, buttons } = setup();
    buttons('Edit question')[0]!.click();
    const editor = panel.root.querySelector<HTMLTextAreaElement>('.mw-question-editor-input')!;
    expect(editor.value).toBe('Alaska?');
    editor.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    expect(panel.root.querySelector('.mw-question-editor')).toBeNull();
    buttons('Edit question')[0]!.click();
    const again = panel.root.querySelector<HTMLTextAreaElement>('.mw-question-editor-input')!;
    again.value = 'Hawaii?';
    again.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(calls).toEqual(['edit 0 Hawaii?']);
  });
});
