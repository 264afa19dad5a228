// Turns that no longer fit the context are summarised, not just dropped: one short call to the same model
// writes the summary, the state keeps it, later requests reuse it and extend it when more turns drop
// out; a summary call that fails, is too slow or is stopped leaves the turns dropped, as before.
import { describe, expect, it } from 'vitest';
import {
  SUMMARY_INSTRUCTION,
  SUMMARY_MAX_TOKENS,
} from '../../../src/agent/context/context-summary';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, ofType } from '../fakes';
import { askTenQuestions, finding, question } from '../ten-questions';
import type { Message, ModelRequest } from '../../../src/agent/types';

/** A question and a 700-character answer: about 205 tokens each turn. */
function turns(count: number, from = 1): Message[] {
  return Array.from({ length: count }, (_, index): Message[] => [
    { role: 'user', content: `question ${index + from}` },
    { role: 'assistant', content: `answer ${index + from} ${'x'.repeat(700)}` },
  ]).flat();
}

const isSummaryCall = (request: ModelRequest): boolean =>
  request.messages[0]?.content === SUMMARY_INSTRUCTION;

const limits = { contextTokens: 2_000 };

describe('the summary of turns that no longer fit', () => {
  it('is written once by the same model, kept in the state and sent before the kept turns', async () => {
    const requests: ModelRequest[] = [];
    const model = createScriptedModel([
      { expect: (request) => void requests.push(request), text: 'The person asked 30 questions.' },
      { expect: (request) => void requests.push(request), text: 'Sure.' },
    ]);
    const agent = createAgent(model, [], { history: turns(30), limits });
    const { events, result } = await finish(agent.send('and now?'));
    expect(result.outcome).toBe('completed');
    const [summaryCall, answerCall] = requests as [ModelRequest, ModelRequest];
    expect(isSummaryCall(summaryCall)).toBe(true);
    expect(summaryCall.maxTokens).toBe(SUMMARY_MAX_TOKENS);
    expect(summaryCall.tools).toBeUndefined();
    expect(summaryCall.messages.at(-1)?.content).toContain('Person: question 1\n');
    const summary = agent.state.contextSummary;
    expect(summary?.text).toBe('The person asked 30 questions.');
    const dropped = summary?.turns ?? 0;
    expect(dropped).toBeGreaterThan(1);
    // The summary call read exactly the turns the answer round leaves out.
    expect(summaryCall.messages.at(-1)?.content).toContain(`Person: question ${dropped}\n`);
    expect(summaryCall.messages.at(-1)?.content).not.toContain(`question ${dropped + 1}\n`);
    const sent = JSON.stringify(answerCall.messages);
    expect(sent).toContain(
      `[Summary of the first ${dropped} turns of this conversation, left out to fit the context: The person asked 30 questions.]`,
    );
    expect(sent).not.toContain('question 1"');
    expect(sent).not.toContain('were left out to fit the context');
    const firstKept = answerCall.messages.find((message) => message.role === 'user');
    expect(firstKept?.content).toMatch(/^\[Summary of the first/);
    expect(firstKept?.content).toContain(`question ${dropped + 1}`);
    expect(ofType(events, 'context-trimmed')).toEqual([
      expect.objectContaining({ droppedTurns: dropped, summarisedTurns: dropped }),
    ]);
    // The stored history keeps every turn.
    expect(agent.history.filter((message) => message.role === 'user')).toHaveLength(31);
  });

  it('is reused while no more turns drop out: no second summary call', async () => {
    const first = createScriptedModel([{ text: 'Summary one.' }, { text: 'Sure.' }]);
    const agent = createAgent(first, [], { history: turns(30), limits });
    await finish(agent.send('and now?'));
    const stored = agent.state.contextSummary;
    const seen: ModelRequest[] = [];
    // One step only: a summary call would use it, and the answer would find none.
    agent.agent.setModel(
      createScriptedModel([{ expect: (request) => void seen.push(request), text: 'Yes.' }]),
    );
    const { result } = await finish(agent.send('ok?'));
    expect(result.outcome).toBe('completed');
    expect(isSummaryCall(seen[0] as ModelRequest)).toBe(false);
    expect(JSON.stringify(seen[0]?.messages)).toContain('Summary one.');
    expect(agent.state.contextSummary).toEqual(stored);
  });

  it('is extended when more turns drop out: the earlier summary plus only the new turns', async () => {
    const requests: ModelRequest[] = [];
    const model = createScriptedModel([
      { expect: (request) => void requests.push(request), text: 'Summary of one to twelve.' },
      { expect: (request) => void requests.push(request), text: 'Sure.' },
    ]);
    const agent = createAgent(model, [], {
      state: {
        history: turns(40),
        status: 'idle',
        contextSummary: { text: 'Summary of one to three.', turns: 3 },
      },
      limits,
    });
    await finish(agent.send('and now?'));
    const input = requests[0]?.messages.at(-1)?.content ?? '';
    expect(isSummaryCall(requests[0] as ModelRequest)).toBe(true);
    expect(input).toMatch(/^Earlier summary \(the first 3 turns\):\nSummary of one to three\./);
    expect(input).not.toContain('Person: question 3\n');
    expect(input).toContain('Person: question 4\n');
    const summary = agent.state.contextSummary;
    expect(summary?.text).toBe('Summary of one to twelve.');
    expect(summary?.turns).toBeGreaterThan(3);
    expect(JSON.stringify(requests[1]?.messages)).toContain('Summary of one to twelve.');
  });

  it('reads the history the model was sent and keeps no secret the model repeats', async () => {
    const requests: ModelRequest[] = [];
    const key = 'sk-abcdefghijklmnopqrstuvwxyz0123456789ABCD';
    const model = createScriptedModel([
      { expect: (request) => void requests.push(request), text: `They set OPENAI=${key} first.` },
      { text: 'Sure.' },
    ]);
    const agent = createAgent(model, [], { history: turns(30), limits });
    await finish(agent.send('and now?'));
    // Its input is built from the stored history only: nothing but the turns left out, no reasoning.
    expect(requests[0]?.messages).toHaveLength(2);
    expect(agent.state.contextSummary?.text).not.toContain(key);
    expect(agent.state.contextSummary?.text).toContain('They set OPENAI=');
  });

  it('falls back to dropping the turns, with the note, when the summary call fails', async () => {
    const seen: ModelRequest[] = [];
    const model = createScriptedModel([
      { error: new Error('model overloaded') },
      { expect: (request) => void seen.push(request), text: 'Sure.' },
    ]);
    const agent = createAgent(model, [], { history: turns(30), limits });
    const { events, result } = await finish(agent.send('and now?'));
    expect(result.outcome).toBe('completed');
    const sent = JSON.stringify(seen[0]?.messages);
    expect(sent).toContain('were left out to fit the context');
    expect(sent).not.toContain('[Summary of');
    expect(sent).toContain('and now?');
    expect(agent.state.contextSummary).toBeUndefined();
    const trimmed = ofType(events, 'context-trimmed');
    expect(trimmed).toHaveLength(1);
    expect(trimmed[0]?.summarisedTurns).toBeUndefined();
  });

  it('does not hold the turn: a summary slower than its time limit is given up', async () => {
    const seen: ModelRequest[] = [];
    const model = createScriptedModel([
      { delayMs: 10_000, text: 'too late' },
      { expect: (request) => void seen.push(request), text: 'Sure.' },
    ]);
    const agent = createAgent(model, [], {
      history: turns(30),
      limits: { ...limits, summaryTimeoutMs: 100 },
    });
    const started = performance.now();
    const { result } = await finish(agent.send('and now?'));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.outcome).toBe('completed');
    expect(JSON.stringify(seen[0]?.messages)).toContain('were left out to fit the context');
    expect(agent.state.contextSummary).toBeUndefined();
  });

  it('stops with the turn when the person stops it, keeping their question', async () => {
    const model = createScriptedModel([{ delayMs: 10_000, text: 'too late' }]);
    const agent = createAgent(model, [], { history: turns(30), limits });
    const handle = agent.send('and now?');
    setTimeout(() => agent.abort(), 50);
    const started = performance.now();
    const { result } = await finish(handle);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(result.outcome).toBe('aborted');
    expect(agent.history.at(-1)).toEqual({ role: 'user', content: 'and now?' });
    expect(agent.state.contextSummary).toBeUndefined();
  });
});

describe('with a 4,096-token budget (a small local model)', () => {
  it('the tenth question still sends a summary of the first', async () => {
    const { tenth, summaryCalls, state } = await askTenQuestions(4_096);
    const sent = JSON.stringify(tenth[0]?.messages);
    // The first turn is no longer sent whole: its answer's words are gone...
    expect(sent).not.toContain(`There were ${finding(1)}`);
    // ...but the summary before the kept turns still holds its question and what it found.
    expect(sent).toContain('[Summary of the first');
    expect(sent).toContain(question(1));
    expect(sent).toContain(finding(1));
    expect(sent).toContain(question(10));
    // Summaries were extended as turns dropped out, not written once per round.
    expect(summaryCalls).toBeGreaterThan(1);
    expect(summaryCalls).toBeLessThanOrEqual(10);
    expect(state.contextSummary?.turns).toBeGreaterThan(1);
  });
});
