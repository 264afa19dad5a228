// Run again: a turn whose first round is the person's call, proposed on the card without asking the
// model; the model reads the result in the next round.
import { describe, expect, it } from 'vitest';
import { createScriptedModel } from '../../../src/testing/scripted-model';
import { createAgent, finish, mcpTool, ofType, scriptedGate, sqlSchema } from '../fakes';

describe('a query run again', () => {
  it('goes to the card as the first round, and only then asks the model', async () => {
    const gate = scriptedGate(() => [{ kind: 'approve' }]);
    const model = createScriptedModel([{ text: 'Same rows as before.' }]);
    const query = mcpTool('embedded', 'query', () => ({ content: '3 rows' }), sqlSchema);
    const agent = createAgent(model, [query], { approvalGate: gate });
    const call = { id: 'again-1', name: 'query', arguments: { sql: 'SELECT 1' } };
    const { events, result } = await finish(agent.send('Run the query again.', [call]));
    expect(gate.proposals[0]?.calls.map((proposed) => proposed.call)).toEqual([call]);
    expect(query.calls).toEqual([{ sql: 'SELECT 1' }]);
    expect(ofType(events, 'tool-call-end')[0]?.status).toBe('success');
    expect(result.outcome).toBe('completed');
    // One model call in all: the one that read the result.
    model.assertAllUsed();
  });
});
