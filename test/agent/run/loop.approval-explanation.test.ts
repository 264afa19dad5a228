import { describe, expect, it } from 'vitest';
import { APPROVAL_REMINDER } from '../../../src/agent/run/run-context';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, localTool, mcpTool, scriptedGate } from '../fakes';
import type { Message, ModelRequest } from '../../../src/agent/types';

const countQuery = { name: 'query', arguments: { sql: 'SELECT count(*) FROM quakes' } };
const strongQuery = {
  name: 'query',
  arguments: {
    sql: 'SELECT * FROM quakes WHERE mag > 6',
    explanation: 'Finds the strongest quakes to draw them.',
  },
};

function lastMessage(request: ModelRequest): Message | undefined {
  return request.messages.at(-1);
}

describe('what the approval card is told about a call', () => {
  it('carries the text the model wrote with the calls, secrets masked, as the model’s words', async () => {
    const query = mcpTool('duckdb', 'query');
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      {
        text: 'I will count the quakes with key sk-abcdefghijklmnopqrstuvwxyz1234.',
        toolCalls: [countQuery],
      },
      { text: 'Done.' },
    ]);
    await finish(createAgent(model, [query], { approvalGate: gate }).send('How many?'));
    const said = gate.proposals[0]?.modelText ?? '';
    expect(said).toContain('I will count the quakes');
    expect(said).not.toContain('sk-abcdefghijklmnopqrstuvwxyz1234');
    model.assertAllUsed();
  });

  it('leaves the model’s words out of a proposal whose round had no text', async () => {
    const query = mcpTool('duckdb', 'query');
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([{ toolCalls: [countQuery] }, { text: 'Done.' }]);
    await finish(createAgent(model, [query], { approvalGate: gate }).send('How many?'));
    expect(gate.proposals[0]).not.toHaveProperty('modelText');
    model.assertAllUsed();
  });

  it('keeps the explanation argument of a follow-up call with no text on the proposal', async () => {
    const query = mcpTool('duckdb', 'query');
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      { text: 'Counting first.', toolCalls: [countQuery] },
      { toolCalls: [strongQuery] },
      { text: 'Done.' },
    ]);
    await finish(createAgent(model, [query], { approvalGate: gate }).send('Strongest?'));
    const followUp = gate.proposals[1];
    expect(followUp).not.toHaveProperty('modelText');
    expect(followUp?.calls[0]?.displayArguments.explanation).toBe(
      'Finds the strongest quakes to draw them.',
    );
    // The deterministic description stays the app's own words: the model's sentence is not in it.
    expect(followUp?.description).not.toContain('strongest');
    expect(followUp?.calls[0]?.description).not.toContain('strongest');
    model.assertAllUsed();
  });

  it('reminds the model after a tool-result batch, and the follow-up proposal carries what it then wrote', async () => {
    const query = mcpTool('duckdb', 'query');
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      {
        expect: (request) => expect(lastMessage(request)?.content).not.toBe(APPROVAL_REMINDER),
        toolCalls: [countQuery],
      },
      (request) => ({
        expect: () =>
          expect(lastMessage(request)).toEqual({ role: 'user', content: APPROVAL_REMINDER }),
        // A model that follows the reminder writes its sentence with the call.
        text:
          lastMessage(request)?.content === APPROVAL_REMINDER
            ? 'Next I list the quakes above magnitude 6 to map them.'
            : '',
        toolCalls: [strongQuery],
      }),
      { text: 'Done.' },
    ]);
    const agent = createAgent(model, [query], { approvalGate: gate, approvalReminder: true });
    await finish(agent.send('Strongest?'));
    expect(gate.proposals[1]?.modelText).toBe(
      'Next I list the quakes above magnitude 6 to map them.',
    );
    const stored = agent.snapshot().history.map((message) => message.content);
    expect(stored).not.toContain(APPROVAL_REMINDER);
    expect(stored.join('\n')).not.toContain(APPROVAL_REMINDER);
    model.assertAllUsed();
  });

  it('sends no reminder when it is off', async () => {
    const query = mcpTool('duckdb', 'query');
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([
      { toolCalls: [countQuery] },
      {
        expect: (request) => expect(lastMessage(request)).toMatchObject({ role: 'tool' }),
        text: 'Done.',
      },
    ]);
    await finish(createAgent(model, [query], { approvalGate: gate }).send('How many?'));
    model.assertAllUsed();
  });

  it('sends no reminder when every tool runs without approval', async () => {
    const zoom = localTool('zoom_to');
    const autoQuery = { ...mcpTool('duckdb', 'query'), approval: 'auto' as const };
    const model = createScriptedModel([
      { toolCalls: [{ name: 'zoom_to', arguments: {} }, countQuery] },
      {
        expect: (request) => expect(lastMessage(request)).toMatchObject({ role: 'tool' }),
        text: 'Done.',
      },
    ]);
    await finish(createAgent(model, [zoom, autoQuery], { approvalReminder: true }).send('Go'));
    model.assertAllUsed();
  });
});
