// @vitest-environment jsdom
// The chat says what the model reads: a quiet label on each turn it reads only as a summary or not at all
// (none on turns it reads whole), and the note on the turn whose request left turns out.
import { describe, expect, it } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { createConversationDocument } from '../../src/agent/conversation/conversation-document';
import { ChatPanel } from '../../src/chat/chat-panel';
import { FrameScheduler } from '../../src/ui/frame-scheduler';
import { playTurn } from '../agent/conversation/play-turn';

function panelFor(turns: number, trim: { droppedTurns: number; summarisedTurns?: number }) {
  let document = createConversationDocument('c', 0);
  for (let index = 1; index < turns; index += 1) document = playTurn(document, `Q${index}`);
  document = playTurn(document, `Q${turns}`, trim);
  const scheduler = new FrameScheduler(() => 0);
  const panel = new ChatPanel({
    onSend: () => {},
    onStop: () => {},
    retry: () => {},
    continueTurn: () => {},
    scheduler,
  });
  window.document.body.append(panel.root);
  const conversation = new Conversation(document, () => 1);
  panel.show(conversation);
  scheduler.flush();
  const marks = [...panel.root.querySelectorAll<HTMLElement>('.mw-turn')].map((turn) => {
    const mark = turn.querySelector<HTMLElement>('.mw-context-mark');
    return mark && !mark.hidden ? mark.textContent : '';
  });
  const notes = [...panel.root.querySelectorAll('.mw-context-trimmed')].map(
    (note) => note.textContent,
  );
  return { panel, conversation, marks, notes, scheduler };
}

describe('what the model reads, in the chat', () => {
  it('labels summarised and unsent turns, and leaves turns read whole unlabelled', () => {
    const { panel, marks, notes } = panelFor(5, { droppedTurns: 3, summarisedTurns: 2 });
    expect(marks).toEqual([
      'Summarised for the model',
      'Summarised for the model',
      'Not sent to the model',
      '',
      '',
    ]);
    expect(notes).toEqual([
      "To fit the model's context (about 4,096 tokens), the first 2 turns were sent as a summary and the next one not at all. They are all still here for you.",
    ]);
    // The label sits right under its question, as text a screen reader reads with the turn.
    const first = panel.root.querySelector('.mw-turn');
    expect(first?.querySelector('.mw-user + .mw-context-mark')?.textContent).toBe(
      'Summarised for the model',
    );
    panel.root.remove();
  });

  it('says so when the turns were dropped without a summary', () => {
    const { panel, marks, notes } = panelFor(4, { droppedTurns: 2 });
    expect(marks).toEqual(['Not sent to the model', 'Not sent to the model', '', '']);
    expect(notes[0]).toBe(
      'The first 2 turns of this conversation were not sent to the model, to fit its context (about 4,096 tokens). They are still here for you.',
    );
    panel.root.remove();
  });

  it('updates the labels when a later request summarises more', () => {
    const { panel, conversation, scheduler } = panelFor(4, { droppedTurns: 2 });
    const next = playTurn(conversation.document, 'Q5', { droppedTurns: 3, summarisedTurns: 3 });
    conversation.dispatch({ type: 'synced', document: next });
    scheduler.flush();
    const marks = [...panel.root.querySelectorAll<HTMLElement>('.mw-context-mark')].map((mark) =>
      mark.hidden ? '' : mark.textContent,
    );
    expect(marks).toEqual([
      'Summarised for the model',
      'Summarised for the model',
      'Summarised for the model',
      '',
      '',
    ]);
    panel.root.remove();
  });
});
