// @vitest-environment jsdom
// The chat against the real Agent, a scripted model and a fake SQL tool: what the analyst sees and does.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { createConversationDocument } from '../../src/agent/conversation/conversation-document';
import { Agent } from '../../src/agent/run/agent';
import { PendingApprovalView } from '../../src/approval/pending-approval-view';
import { ChatPanel } from '../../src/chat/chat-panel';
import { ChatSession } from '../../src/chat/chat-session';
import { createScriptedModel } from '../../src/testing/scripted-model';
import { ToolRegistry } from '../../src/tools/tool-registry';
import type { ScriptedStep } from '../../src/testing/scripted-model';
import type { Tool } from '../../src/tools/tool';

function queryTool(seen: string[]): Tool {
  return {
    name: 'query',
    description: 'Run SQL',
    origin: { kind: 'mcp', serverId: 'embedded', originalName: 'query' },
    inputSchema: {
      type: 'object',
      properties: { sql_query: { type: 'string' } },
      required: ['sql_query'],
    },
    execute: async (args) => {
      seen.push(String(args.sql_query));
      return {
        content: 'mag\n7.1\n6.5',
        data: {
          kind: 'table',
          resultId: 'q1',
          columns: [{ name: 'mag', type: 'DOUBLE' }],
          rows: [{ mag: 7.1 }, { mag: 6.5 }],
          totalRows: 2,
        },
      };
    },
  };
}

function setup(steps: ScriptedStep[]) {
  const seen: string[] = [];
  const registry = new ToolRegistry();
  registry.setServerTools('embedded', [queryTool(seen)]);
  const model = createScriptedModel(steps);
  const holder: { session?: ChatSession } = {};
  const panel = new ChatPanel({
    onSend: (text) => holder.session?.send(text),
    onStop: () => holder.session?.stop(),
    retry: (turn) => holder.session?.retry(turn),
    continueTurn: (turn) => holder.session?.continueTurn(turn),
  });
  document.body.append(panel.root);
  const gate = new PendingApprovalView({
    slot: panel.approvalSlot,
    onOpenChange: (open) => panel.setAwaitingApproval(open),
  });
  const agent = new Agent({ model, registry });
  const conversation = new Conversation(createConversationDocument('test', 0));
  panel.show(conversation);
  const session = new ChatSession({ conversation, agent });
  gate.show(conversation, (decisions) => session.decide(decisions));
  holder.session = session;
  return { panel, session, model, seen, gate, conversation };
}

const text = (panel: ChatPanel) => {
  panel.flush();
  return panel.root.textContent ?? '';
};

afterEach(() => document.body.replaceChildren());

describe('the chat with the agent', () => {
  it('analyst: the card shows the SQL, the edited SQL runs, the table and the answer appear', async () => {
    const { panel, session, model, seen, gate } = setup([
      {
        toolCalls: [{ name: 'query', arguments: { sql_query: 'SELECT mag FROM earthquakes' } }],
        reasoning: 'I will look at magnitudes.',
      },
      { text: ['The strongest ', 'was **7.1**.'] },
    ]);
    session.send('Strongest earthquakes?');
    await vi.waitFor(() => expect(gate.openCard).toBeDefined());
    const card = gate.openCard!;
    expect(card.root.textContent).toContain('I will look at magnitudes.');
    card.calls[0]!.sql = 'SELECT mag FROM earthquakes ORDER BY mag DESC LIMIT 2';
    card.calls[0]!.approve();
    await vi.waitFor(() => expect(session.busy).toBe(false));
    expect(seen).toEqual(['SELECT mag FROM earthquakes ORDER BY mag DESC LIMIT 2']);
    panel.flush();
    expect(panel.root.querySelectorAll('.mw-result-table tbody tr')).toHaveLength(2);
    expect(panel.root.querySelector('.mw-answer strong')?.textContent).toBe('7.1');
    expect(panel.root.querySelector('.mw-call')?.getAttribute('data-state')).toBe('success');
    expect(panel.approvalSlot.children).toHaveLength(0);
    model.assertAllUsed();
  });

  it('deny: the reason reaches the model, which answers without the data', async () => {
    const { panel, session, model, seen, gate } = setup([
      { toolCalls: [{ name: 'query', arguments: { sql_query: 'SELECT * FROM flights' } }] },
      {
        expect: (request) => {
          const last = request.messages.at(-1);
          if (last?.role !== 'tool' || !last.content.includes('too big'))
            throw new Error(`reason missing: ${JSON.stringify(last)}`);
        },
        text: 'Understood, I will not query flights.',
      },
    ]);
    session.send('Show flights');
    await vi.waitFor(() => expect(gate.openCard).toBeDefined());
    const reason = gate.openCard!.root.querySelector<HTMLInputElement>('.mw-deny-reason')!;
    reason.value = 'too big';
    gate.openCard!.calls[0]!.deny();
    await vi.waitFor(() => expect(session.busy).toBe(false));
    expect(seen).toEqual([]);
    expect(text(panel)).toContain('Understood, I will not query flights.');
    expect(panel.root.querySelector('.mw-call')?.getAttribute('data-state')).toBe('declined');
    model.assertAllUsed();
  });

  it('stop while the card waits: no run is left, the call is cancelled, and the chat takes the next question', async () => {
    const { panel, session, model, seen, gate, conversation } = setup([
      { toolCalls: [{ name: 'query', arguments: { sql_query: 'SELECT * FROM flights' } }] },
      { text: 'Something else, then.' },
    ]);
    session.send('Show flights');
    await vi.waitFor(() => expect(gate.openCard).toBeDefined());
    // Nothing runs while the person reads the card, yet the chat says it waits for them.
    await vi.waitFor(() => expect(session.busy).toBe(false));
    expect(gate.openCard).toBeDefined();
    expect(panel.root.querySelector('.mw-status-text')?.textContent).toBe(
      'Waiting for your approval',
    );
    panel.root.querySelector<HTMLButtonElement>('.mw-stop')!.click();
    expect(gate.openCard).toBeUndefined();
    expect(conversation.document.pendingApproval).toBeUndefined();
    expect(conversation.document.agent.history.at(-1)).toMatchObject({
      role: 'tool',
      content: 'Tool call cancelled: stopped by the user.',
    });
    panel.flush();
    expect(panel.root.querySelector('.mw-call')?.getAttribute('data-state')).toBe('cancelled');
    session.send('Something else');
    await vi.waitFor(() => expect(text(panel)).toContain('Something else, then.'));
    expect(seen).toEqual([]);
    model.assertAllUsed();
  });

  it('stop: the partial answer stays, marked, and the chat takes the next question', async () => {
    const { panel, session, model } = setup([
      {
        text: 'Partial answer',
        events: [
          { type: 'delay', ms: 5_000 },
          { type: 'text-delta', text: ' never shown' },
        ],
      },
      { text: 'Second answer' },
    ]);
    session.send('Long question');
    await vi.waitFor(() => expect(text(panel)).toContain('Partial answer'));
    panel.root.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    await vi.waitFor(() => expect(session.busy).toBe(false));
    expect(text(panel)).toContain('Partial answer');
    expect(text(panel)).toContain('Stopped. The answer above is partial.');
    session.send('Next');
    await vi.waitFor(() => expect(text(panel)).toContain('Second answer'));
    model.assertAllUsed();
  });

  it('an error shows in the conversation with Retry, which asks again', async () => {
    const { panel, session, model } = setup([
      {
        error: Object.assign(new Error('Invalid API key: check it in the settings.'), {
          status: 401,
          retryable: false,
        }),
      },
      { text: 'Now it works.' },
    ]);
    session.send('Hello');
    await vi.waitFor(() => expect(panel.root.querySelector('.mw-error')).not.toBeNull());
    expect(text(panel)).toContain('check it in the settings');
    panel.root.querySelector<HTMLButtonElement>('.mw-retry')!.click();
    await vi.waitFor(() => expect(text(panel)).toContain('Now it works.'));
    model.assertAllUsed();
  });
});
