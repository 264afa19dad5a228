// Conversations in IndexedDB (fake-indexeddb, the real API in memory): the list, new, switch, delete,
// one record per turn, and a conversation that survives closing and reopening the database.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { Agent } from '../../src/agent/agent';
import { ConversationStore } from '../../src/storage/conversation-store';
import { createScriptedModel } from '../../src/testing/scripted-model';
import type { AgentSnapshot } from '../../src/agent/types';

let databaseCount = 0;
const opened: ConversationStore[] = [];

async function openStore(name = `store-test-${(databaseCount += 1)}`) {
  const store = await ConversationStore.open(name);
  opened.push(store);
  return { store, name };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

describe('the conversation store', () => {
  it('lists conversations most recently used first; a new chat starts empty', async () => {
    const { store } = await openStore();
    expect(await store.list()).toEqual([]);
    const first = await store.create();
    await tick();
    const second = await store.create();
    expect((await store.list()).map((summary) => summary.id)).toEqual([second.id, first.id]);
    expect(first.title).toBe('New chat');
    expect(await store.loadTurns(second.id)).toEqual([]);
    expect(await store.loadSnapshot(second.id)).toBeUndefined();
    await tick();
    await store.saveStep(first.id, { index: 0, turn: { userText: 'Where?' }, title: 'Where?' });
    expect((await store.list()).map((summary) => summary.title)).toEqual(['Where?', 'New chat']);
  });

  it('switching reads back exactly that conversation, its turns in order', async () => {
    const { store } = await openStore();
    const quakes = await store.create();
    const flights = await store.create();
    for (const index of [0, 1, 2, 10, 11])
      await store.saveStep(quakes.id, { index, turn: { userText: `quake ${index}` } });
    await store.saveStep(flights.id, { index: 0, turn: { userText: 'flights 0' } });
    expect((await store.get(flights.id))?.id).toBe(flights.id);
    expect(await store.loadTurns(quakes.id)).toEqual(
      [0, 1, 2, 10, 11].map((index) => ({ userText: `quake ${index}` })),
    );
    expect(await store.loadTurns(flights.id)).toEqual([{ userText: 'flights 0' }]);
  });

  it('rewrites a turn in place as it grows, one record per turn', async () => {
    const { store } = await openStore();
    const { id } = await store.create();
    await store.saveStep(id, { index: 0, turn: { userText: 'q', text: 'The ans' } });
    await store.saveStep(id, { index: 0, turn: { userText: 'q', text: 'The answer.' } });
    await store.saveStep(id, { index: 1, turn: { userText: 'q2', text: '' } });
    expect(await store.loadTurns(id)).toEqual([
      { userText: 'q', text: 'The answer.' },
      { userText: 'q2', text: '' },
    ]);
  });

  it('keeps the first question as the title once it has one', async () => {
    const { store } = await openStore();
    const { id } = await store.create();
    await store.saveStep(id, { index: 0, turn: {}, title: 'Strongest earthquakes?' });
    await store.saveStep(id, { index: 1, turn: {}, title: 'And the weakest?' });
    expect((await store.get(id))?.title).toBe('Strongest earthquakes?');
    await store.rename(id, 'Quakes');
    expect((await store.get(id))?.title).toBe('Quakes');
  });

  it('deleting a conversation removes its turns and snapshot and leaves the others whole', async () => {
    const { store } = await openStore();
    const doomed = await store.create();
    const kept = await store.create();
    for (const id of [doomed.id, kept.id]) {
      await store.saveStep(id, { index: 0, turn: { userText: id }, snapshot: { id } });
      await store.saveStep(id, { index: 1, turn: { userText: id } });
    }
    await store.delete(doomed.id);
    expect((await store.list()).map((summary) => summary.id)).toEqual([kept.id]);
    expect(await store.get(doomed.id)).toBeUndefined();
    expect(await store.loadTurns(doomed.id)).toEqual([]);
    expect(await store.loadSnapshot(doomed.id)).toBeUndefined();
    expect(await store.loadTurns(kept.id)).toHaveLength(2);
    expect(await store.loadSnapshot(kept.id)).toEqual({ id: kept.id });
  });

  it('a conversation survives closing and reopening the database, and the agent continues it', async () => {
    const { store, name } = await openStore();
    const { id } = await store.create();
    const agent = new Agent({ model: createScriptedModel([{ text: 'Seven.' }]) });
    agent.onStateChange((snapshot) => void store.saveSnapshot(id, snapshot));
    const turn = agent.send('How many continents?');
    await turn.result;
    await store.saveStep(id, {
      index: 0,
      turn: { userText: 'How many continents?', answer: 'Seven.' },
      snapshot: agent.snapshot(),
      title: 'How many continents?',
    });
    store.close();

    const { store: reopened } = await openStore(name);
    expect((await reopened.list()).map((summary) => summary.title)).toEqual([
      'How many continents?',
    ]);
    expect(await reopened.loadTurns(id)).toEqual([
      { userText: 'How many continents?', answer: 'Seven.' },
    ]);
    const snapshot = (await reopened.loadSnapshot(id)) as AgentSnapshot;
    const restored = Agent.fromSnapshot(snapshot, {
      model: createScriptedModel([
        {
          expect: (request) => {
            const contents = request.messages.map((message) => message.content);
            if (!contents.includes('Seven.')) throw new Error('the earlier answer is missing');
          },
          text: 'Antarctica is one.',
        },
      ]),
    });
    expect(restored.history.map((message) => message.content)).toEqual([
      'How many continents?',
      'Seven.',
    ]);
    expect((await restored.send('Name a cold one.').result).text).toBe('Antarctica is one.');
  });
});
