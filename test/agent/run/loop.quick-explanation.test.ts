// The quick explanation (explainCalls.quickExplanation): a call proposed with no words for the person
// gets one short second request to the same model, whose answer the card shows; never otherwise, never
// in the history, and a failure or a slow answer leaves the card as it was.
import { describe, expect, it } from 'vitest';
import {
  EXPLANATION_MAX_TOKENS,
  EXPLANATION_QUESTION,
} from '../../../src/agent/proposal/explain-proposal';
import { createScriptedModel, type ScriptedStep } from '../../../src/testing/scripted-model';
import { createAgent, finish, mcpTool, scriptedGate } from '../fakes';
import type { ModelRequest } from '../../../src/agent/types';

const countSql = 'SELECT count(*) FROM quakes WHERE mag > 6';
const countQuery = { name: 'query', arguments: { sql: countSql } };
const SAID = 'Counts the strong quakes, to say how many there were.';

/** The short request: no tools, a small limit, the question and the SQL. */
function explainStep(answer: ScriptedStep): (request: ModelRequest) => ScriptedStep {
  return (request) => ({
    expect: () => {
      expect(request.tools ?? []).toEqual([]);
      expect(request.maxTokens).toBe(EXPLANATION_MAX_TOKENS);
      const asked = String(request.messages.at(-1)?.content);
      expect(asked).toContain(EXPLANATION_QUESTION);
      expect(asked).toContain('How many strong quakes?');
      expect(asked).toContain(countSql);
    },
    ...answer,
  });
}

function run(steps: Parameters<typeof createScriptedModel>[0], explainProposals: boolean) {
  const query = mcpTool('duckdb', 'query');
  const gate = scriptedGate(() => [{ kind: 'approve' }]);
  const model = createScriptedModel(steps);
  const agent = createAgent(model, [query], {
    approvalGate: gate,
    explainProposals,
    limits: { explainTimeoutMs: 300 },
  });
  return { model, gate, query, done: finish(agent.send('How many strong quakes?')) };
}

describe('the quick explanation of a proposal that came with no words', () => {
  it('asks the model once, without tools, and shows its answer on the card only', async () => {
    const { model, gate, query, done } = run(
      [
        { toolCalls: [countQuery] },
        explainStep({ text: [' Counts the strong', ' quakes, to say how many there were. '] }),
        { text: 'There were 12.' },
      ],
      true,
    );
    await done;
    expect(gate.proposals).toHaveLength(1);
    expect(gate.proposals[0]?.askedExplanation).toBe(SAID);
    expect(query.calls).toEqual([{ sql: countSql }]);
    // The model's next round reads the conversation as it was: the explanation is not in it.
    expect(model.requests).toHaveLength(3);
    expect(JSON.stringify(model.requests[2]?.messages)).not.toContain('Counts the strong');
    model.assertAllUsed();
  });

  it('is not asked for when the switch is off', async () => {
    const { model, gate, done } = run(
      [{ toolCalls: [countQuery] }, { text: 'There were 12.' }],
      false,
    );
    await done;
    expect(gate.proposals[0]).not.toHaveProperty('askedExplanation');
    expect(model.requests).toHaveLength(2);
    model.assertAllUsed();
  });

  it('is not asked for when the model wrote text with the call, or gave its explanation', async () => {
    const withText = run(
      [{ text: 'I will count them.', toolCalls: [countQuery] }, { text: 'There were 12.' }],
      true,
    );
    await withText.done;
    expect(withText.gate.proposals[0]).not.toHaveProperty('askedExplanation');
    withText.model.assertAllUsed();
    const explained = {
      name: 'query',
      arguments: { sql: countSql, explanation: 'Counts them.' },
    };
    const withArgument = run([{ toolCalls: [explained] }, { text: 'There were 12.' }], true);
    await withArgument.done;
    expect(withArgument.gate.proposals[0]).not.toHaveProperty('askedExplanation');
    withArgument.model.assertAllUsed();
  });

  it('leaves the card as it was when the request fails', async () => {
    const { model, gate, query, done } = run(
      [
        { toolCalls: [countQuery] },
        explainStep({ error: Object.assign(new Error('overloaded'), { status: 529 }) }),
        { text: 'There were 12.' },
      ],
      true,
    );
    const { result, events } = await done;
    expect(result.outcome).toBe('completed');
    // Nothing tells the person of the failed side request: the card simply shows no explanation.
    expect(events.filter((event) => event.type === 'retry' || event.type === 'turn-error')).toEqual(
      [],
    );
    expect(gate.proposals[0]).not.toHaveProperty('askedExplanation');
    expect(query.calls).toHaveLength(1);
    model.assertAllUsed();
  });

  it('leaves the card as it was when the answer is too slow', async () => {
    const started = Date.now();
    const { model, gate, done } = run(
      [
        { toolCalls: [countQuery] },
        explainStep({ delayMs: 5_000, text: SAID }),
        { text: 'There were 12.' },
      ],
      true,
    );
    await done;
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(gate.proposals[0]).not.toHaveProperty('askedExplanation');
    model.assertAllUsed();
  });
});
