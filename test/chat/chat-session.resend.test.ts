// Regenerate and edit-and-resend against the real Agent: the model sees the conversation as it stood
// before the question, and the conversation shows one answer in its place.
import { describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import {
  createConversationDocument,
  turnText,
} from '../../src/agent/conversation/conversation-document';
import { Agent } from '../../src/agent/run/agent';
import { ChatSession } from '../../src/chat/chat-session';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/scripted-model';

function setup(steps: ScriptedStep[]) {
  const model = createScriptedModel(steps);
  const agent = new Agent({ model });
  const conversation = new Conversation(createConversationDocument('test', 0));
  const session = new ChatSession({ conversation, agent });
  const settled = () =>
    vi.waitFor(() => {
      expect(session.busy).toBe(false);
      expect(conversation.document.run).toBeUndefined();
    });
  return { model, agent, conversation, session, settled };
}

const questions = (messages: { role: string; content: unknown }[]) =>
  messages.filter((message) => message.role === 'user').map((message) => message.content);

describe('asking a question again', () => {
  it('regenerate: the same question is asked once more, in place of the old answer', async () => {
    const { model, conversation, session, settled } = setup([
      { text: 'Alaska has 300.' },
      { text: 'Texas has 400.' },
      { text: 'Texas has 390 public airports.' },
      { text: 'Hawaii has 30.' },
    ]);
    session.send('Airports in Alaska?');
    await settled();
    session.send('And in Texas?');
    await settled();
    session.resend(1);
    await settled();
    const last = model.requests.at(-1)!.messages;
    expect(questions(last)).toEqual(['Airports in Alaska?', 'And in Texas?']);
    expect(JSON.stringify(last)).not.toContain('Texas has 400');
    expect(conversation.document.turns.map(turnText)).toEqual([
      'Alaska has 300.',
      'Texas has 390 public airports.',
    ]);
    // One history, in the document: the next question reads it as the screen shows it.
    expect(
      conversation.document.agent.history.filter((message) => message.role === 'assistant'),
    ).toHaveLength(2);
    session.send('And Hawaii?');
    await settled();
    const next = model.requests.at(-1)!.messages;
    expect(JSON.stringify(next)).not.toContain('Texas has 400');
    expect(questions(next)).toEqual(['Airports in Alaska?', 'And in Texas?', 'And Hawaii?']);
  });

  it('edit and resend: the edited question replaces the turn and every later one', async () => {
    const { model, conversation, session, settled } = setup([
      { text: 'Alaska has 300.' },
      { text: 'Texas has 400.' },
      { text: 'Hawaii has 30.' },
    ]);
    session.send('Airports in Alaska?');
    await settled();
    session.send('And in Texas?');
    await settled();
    session.resend(0, 'Airports in Hawaii?');
    await settled();
    expect(questions(model.requests.at(-1)!.messages)).toEqual(['Airports in Hawaii?']);
    expect(conversation.document.turns.map((turn) => turn.userText)).toEqual([
      'Airports in Hawaii?',
    ]);
    expect(conversation.document.title).toBe('Airports in Hawaii?');
  });

  it('does nothing while a turn runs', async () => {
    const { conversation, session, settled } = setup([
      { text: 'Alaska has 300.' },
      { text: 'Slow answer.', delayMs: 50 },
    ]);
    session.send('Airports in Alaska?');
    await settled();
    session.send('Slowly?');
    session.resend(0, 'Something else');
    await settled();
    expect(conversation.document.turns.map((turn) => turn.userText)).toEqual([
      'Airports in Alaska?',
      'Slowly?',
    ]);
  });
});
