// Conversations in IndexedDB (through idb): the list, each turn as the person saw it, the agent snapshot.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';

/** A conversation in the list. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
}

interface StoredTurn {
  conversationId: string;
  index: number;
  turn: unknown;
}

interface MapwrightDatabase extends DBSchema {
  conversations: { key: string; value: ConversationSummary; indexes: { updatedAt: number } };
  turns: { key: [string, number]; value: StoredTurn };
  snapshots: { key: string; value: { conversationId: string; snapshot: unknown } };
}

/** The database name; tests may pass their own to stay isolated. */
export const DEFAULT_DATABASE_NAME = 'mapwright';

/** Reads and writes conversations. Turns are stored one record each, so a write costs one turn. */
export class ConversationStore {
  private constructor(private readonly database: IDBPDatabase<MapwrightDatabase>) {}

  /** Opens (and creates or upgrades) the database. */
  static async open(name = DEFAULT_DATABASE_NAME): Promise<ConversationStore> {
    const database = await openDB<MapwrightDatabase>(name, 1, {
      upgrade(upgrade) {
        const conversations = upgrade.createObjectStore('conversations', { keyPath: 'id' });
        conversations.createIndex('updatedAt', 'updatedAt');
        upgrade.createObjectStore('turns', { keyPath: ['conversationId', 'index'] });
        upgrade.createObjectStore('snapshots', { keyPath: 'conversationId' });
      },
    });
    return new ConversationStore(database);
  }

  /** Conversations, most recently updated first. */
  async list(): Promise<ConversationSummary[]> {
    const all = await this.database.getAllFromIndex('conversations', 'updatedAt');
    return all.reverse();
  }

  /** Creates an empty conversation. */
  async create(title = 'New chat'): Promise<ConversationSummary> {
    const now = Date.now();
    const summary: ConversationSummary = {
      id: crypto.randomUUID(),
      title,
      createdAt: now,
      updatedAt: now,
    };
    await this.database.put('conversations', summary);
    return summary;
  }

  /** One conversation's summary. */
  get(id: string): Promise<ConversationSummary | undefined> {
    return this.database.get('conversations', id);
  }

  /** Renames a conversation. */
  async rename(id: string, title: string): Promise<void> {
    const summary = await this.database.get('conversations', id);
    if (summary) await this.database.put('conversations', { ...summary, title });
  }

  /** The conversation's turns, in order. */
  async loadTurns(id: string): Promise<unknown[]> {
    const range = IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
    const stored = await this.database.getAll('turns', range);
    return stored.sort((left, right) => left.index - right.index).map((record) => record.turn);
  }

  /** The agent snapshot saved with the conversation. */
  async loadSnapshot(id: string): Promise<unknown> {
    return (await this.database.get('snapshots', id))?.snapshot;
  }

  /** Writes one step in one transaction: a turn (by index), the agent snapshot, and the list's timestamp. */
  async saveStep(
    id: string,
    step: { index: number; turn: unknown; snapshot?: unknown; title?: string },
  ): Promise<void> {
    const transaction = this.database.transaction(
      ['conversations', 'turns', 'snapshots'],
      'readwrite',
    );
    const conversations = transaction.objectStore('conversations');
    const summary = await conversations.get(id);
    const now = Date.now();
    const writes: Promise<unknown>[] = [
      conversations.put({
        id,
        title:
          summary?.title && summary.title !== 'New chat'
            ? summary.title
            : (step.title ?? summary?.title ?? 'New chat'),
        createdAt: summary?.createdAt ?? now,
        updatedAt: now,
      }),
      transaction
        .objectStore('turns')
        .put({ conversationId: id, index: step.index, turn: step.turn }),
    ];
    if (step.snapshot !== undefined) {
      writes.push(
        transaction.objectStore('snapshots').put({ conversationId: id, snapshot: step.snapshot }),
      );
    }
    await Promise.all([...writes, transaction.done]);
  }

  /** Writes only the agent snapshot. */
  async saveSnapshot(id: string, snapshot: unknown): Promise<void> {
    await this.database.put('snapshots', { conversationId: id, snapshot });
  }

  /** Deletes a conversation with its turns and snapshot. */
  async delete(id: string): Promise<void> {
    const transaction = this.database.transaction(
      ['conversations', 'turns', 'snapshots'],
      'readwrite',
    );
    await Promise.all([
      transaction.objectStore('conversations').delete(id),
      transaction
        .objectStore('turns')
        .delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER])),
      transaction.objectStore('snapshots').delete(id),
      transaction.done,
    ]);
  }

  /** Closes the database. */
  close(): void {
    this.database.close();
  }
}
