// Each turn of the chat is marked by how the model last read it: whole, summarised or not sent. The newest
// request that left turns out decides, counted in the history's turns, whatever the chat shows between.
import { describe, expect, it } from 'vitest';
import {
  createConversationDocument,
  type ConversationDocument,
} from '../../../src/agent/conversation/conversation-document';
import { reduceConversation } from '../../../src/agent/conversation/conversation-reducer';
import { turnsAsSent } from '../../../src/agent/conversation/turns-as-sent';
import { playTurn } from './play-turn';

function conversation(count: number): ConversationDocument {
  let document = createConversationDocument('c', 0);
  for (let index = 1; index <= count; index += 1) document = playTurn(document, `Q${index}`);
  return document;
}

describe('how the model reads each turn', () => {
  it('is whole for every turn while nothing was left out', () => {
    expect(turnsAsSent(conversation(3))).toEqual(['whole', 'whole', 'whole']);
  });

  it('follows the newest request: its summarised turns, then those not sent, then the rest whole', () => {
    let document = conversation(4);
    document = playTurn(document, 'Q5', { droppedTurns: 3, summarisedTurns: 2 });
    expect(turnsAsSent(document)).toEqual([
      'summarised',
      'summarised',
      'not-sent',
      'whole',
      'whole',
    ]);
    // A later turn that left out more and summarised all of it changes the marks.
    document = playTurn(document, 'Q6', { droppedTurns: 4, summarisedTurns: 4 });
    expect(turnsAsSent(document).slice(0, 5)).toEqual([
      'summarised',
      'summarised',
      'summarised',
      'summarised',
      'whole',
    ]);
    // A turn whose request sent everything (a larger model now) makes every turn whole again.
    document = playTurn(document, 'Q7');
    expect(new Set(turnsAsSent(document))).toEqual(new Set(['whole']));
  });

  it('counts turns as the history holds them: a question that never reached it is not counted', () => {
    let document = playTurn(createConversationDocument('c', 0), 'Q1');
    document = reduceConversation(document, {
      type: 'send-failed',
      text: 'lost',
      error: { name: 'ConfigurationError', message: 'No model.' },
      at: 3,
    });
    document = playTurn(document, 'Q2');
    document = playTurn(document, 'Q3', { droppedTurns: 2 });
    expect(turnsAsSent(document)).toEqual(['not-sent', 'whole', 'not-sent', 'whole']);
  });
});
