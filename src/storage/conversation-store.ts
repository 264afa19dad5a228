// Conversations in IndexedDB (through idb): one document per conversation, its result rows beside it,
// and a small list record for the sidebar. Version-1 conversations (turns and agent snapshot in two
// stores) are read through the migration and rewritten as documents on their next save.
import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { isBlankConversation } from '../agent/conversation/blank-conversation';
import {
  createConversationDocument,
  UNTITLED,
  type ConversationDocument,
} from '../agent/conversation/conversation-document';
import { reduceConversation } from '../agent/conversation/conversation-reducer';
import {
  migrateConversationV1,
  parseConversationDocument,
} from '../agent/conversation/migrate-conversation';
import { ROW_CAPS } from '../config/row-caps';
import type { StoredResult } from '../tools/result-store';

/** A conversation in the list. */
export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: number;
  updatedAt: number;
  /** The questions asked, joined and cut to QUESTIONS_LENGTH, so the list can be searched by them. */
  questions?: string;
  /** Set while a delete can still be undone: the list hides it, `purgeDeleted` removes it for good. */
  deletedAt?: number;
  /**
   * The stored document's revision, written with it: a save checks it here instead of reading the whole
   * document back (absent in entries written before it was kept here: the document is read then).
   */
  revision?: number;
  /** The fingerprint of the file an imported conversation came from (Import finds it again by it). */
  importedFrom?: string;
}

/** Characters of the questions kept in a list entry for searching. */
export const QUESTIONS_LENGTH = 2_000;

interface StoredTurn {
  conversationId: string;
  index: number;
  turn: unknown;
}

interface StoredResultRecord {
  conversationId: string;
  resultId: string;
  result: StoredResult;
}

interface MapwrightDatabase extends DBSchema {
  conversations: { key: string; value: ConversationSummary; indexes: { updatedAt: number } };
  /** Version 1: each turn as the person saw it. Read for migration, deleted once migrated. */
  turns: { key: [string, number]; value: StoredTurn };
  /** Version 1: the agent snapshot. Read for migration, deleted once migrated. */
  snapshots: { key: string; value: { conversationId: string; snapshot: unknown } };
  /** `revision` counts the writes of the document (absent before revisions were kept: 0). */
  documents: { key: string; value: { id: string; document: unknown; revision?: number } };
  results: {
    key: [string, string];
    value: StoredResultRecord;
    indexes: { conversationId: string };
  };
}

/**
 * What a save did: `saved` with the document's new revision, or refused because the stored document is
 * at a newer revision than the one the write was based on (another tab wrote it meanwhile).
 */
export type SaveOutcome = { saved: true; revision: number } | { saved: false; revision: number };

/** A stored document and its revision. */
export interface RevisionedDocument {
  document: ConversationDocument;
  revision: number;
}

/** The database name; tests may pass their own to stay isolated. */
export const DEFAULT_DATABASE_NAME = 'mapwright';

/** Bytes (as JSON) of one result kept with its conversation. */
export const RESULT_BYTE_CAP = 5 * 1024 * 1024;

const DATABASE_VERSION = 2;

/** Reads and writes conversations. */
export class ConversationStore {
  private constructor(private readonly database: IDBPDatabase<MapwrightDatabase>) {}

  /** Opens (and creates or upgrades) the database. */
  static async open(name = DEFAULT_DATABASE_NAME): Promise<ConversationStore> {
    const database = await openDB<MapwrightDatabase>(name, DATABASE_VERSION, {
      upgrade(upgrade, oldVersion) {
        if (oldVersion < 1) {
          const conversations = upgrade.createObjectStore('conversations', { keyPath: 'id' });
          conversations.createIndex('updatedAt', 'updatedAt');
          upgrade.createObjectStore('turns', { keyPath: ['conversationId', 'index'] });
          upgrade.createObjectStore('snapshots', { keyPath: 'conversationId' });
        }
        if (oldVersion < 2) {
          upgrade.createObjectStore('documents', { keyPath: 'id' });
          const results = upgrade.createObjectStore('results', {
            keyPath: ['conversationId', 'resultId'],
          });
          results.createIndex('conversationId', 'conversationId');
        }
      },
    });
    return new ConversationStore(database);
  }

  /** Conversations, most recently updated first (those deleted but still undoable left out). */
  async list(): Promise<ConversationSummary[]> {
    const all = await this.database.getAllFromIndex('conversations', 'updatedAt');
    return all.reverse().filter((summary) => summary.deletedAt === undefined);
  }

  /** Conversations deleted whose delete has not been made permanent yet. */
  async listDeleted(): Promise<ConversationSummary[]> {
    const all = await this.database.getAll('conversations');
    return all.filter((summary) => summary.deletedAt !== undefined);
  }

  /**
   * Deletes a conversation so that it can be undone: it leaves the list at once, and is removed for
   * good by `delete` (after the undo window) or comes back with `undelete`. A reload in between finds
   * it still stored.
   */
  async markDeleted(id: string, at = Date.now()): Promise<void> {
    const summary = await this.database.get('conversations', id);
    if (summary) await this.database.put('conversations', { ...summary, deletedAt: at });
  }

  /** Brings a conversation marked deleted back to the list. */
  async undelete(id: string): Promise<void> {
    const summary = await this.database.get('conversations', id);
    if (!summary || summary.deletedAt === undefined) return;
    const { deletedAt: _deletedAt, ...kept } = summary;
    await this.database.put('conversations', kept);
  }

  /** Creates an empty conversation and returns its document. */
  async create(now = Date.now()): Promise<ConversationDocument> {
    const document = createConversationDocument(crypto.randomUUID(), now);
    await this.save(document);
    return document;
  }

  /** One conversation's summary. */
  get(id: string): Promise<ConversationSummary | undefined> {
    return this.database.get('conversations', id);
  }

  /**
   * One conversation, at the current version (migrated when it was stored by an older release).
   * Undefined when there is no such conversation; throws when it is stored but cannot be read.
   */
  async load(id: string): Promise<ConversationDocument | undefined> {
    return (await this.loadWithRevision(id))?.document;
  }

  /** `load`, with the revision a write based on this document passes to `save`. */
  async loadWithRevision(id: string): Promise<RevisionedDocument | undefined> {
    const stored = await this.database.get('documents', id);
    if (stored) {
      return {
        document: parseConversationDocument(stored.document),
        revision: stored.revision ?? 0,
      };
    }
    const document = await this.loadVersion1(id);
    return document ? { document, revision: 0 } : undefined;
  }

  private async loadVersion1(id: string): Promise<ConversationDocument | undefined> {
    const summary = await this.database.get('conversations', id);
    if (!summary) return undefined;
    const range = IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
    const turns = (await this.database.getAll('turns', range))
      .sort((left, right) => left.index - right.index)
      .map((record) => record.turn);
    const snapshot = (await this.database.get('snapshots', id))?.snapshot;
    return migrateConversationV1({ summary, turns, snapshot });
  }

  /**
   * A conversation as it is stored, unchecked (for Export raw of one that cannot be read): the document,
   * or an older release's list entry, turns and snapshot.
   */
  async loadRaw(id: string): Promise<unknown> {
    const stored = await this.database.get('documents', id);
    if (stored) return stored.document;
    const range = IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER]);
    return {
      summary: await this.database.get('conversations', id),
      turns: (await this.database.getAll('turns', range)).map((record) => record.turn),
      snapshot: (await this.database.get('snapshots', id))?.snapshot,
    };
  }

  /**
   * Removes stored conversations nobody used (no question, no name: older releases stored one for
   * every New chat and failed open), except `keep`. Returns how many went.
   */
  async removeBlank(keep?: string): Promise<number> {
    const candidates = (await this.list()).filter(
      (summary) => summary.id !== keep && !summary.questions && summary.title === UNTITLED,
    );
    let removed = 0;
    for (const summary of candidates) {
      const document = await this.load(summary.id).catch(() => undefined);
      if (!document || !isBlankConversation(document) || document.resultIds.length > 0) continue;
      await this.delete(summary.id);
      removed += 1;
    }
    return removed;
  }

  /** Result ids kept with any stored conversation (an import renames those it would clash with). */
  async resultIds(): Promise<Set<string>> {
    const keys = await this.database.getAllKeys('results');
    return new Set(keys.map(([, resultId]) => resultId));
  }

  /** True when the conversation is stored as a document (false for one an older release stored). */
  async hasDocument(id: string): Promise<boolean> {
    return (await this.database.getKey('documents', id)) !== undefined;
  }

  /**
   * Writes a conversation whole (and its list entry) in one transaction; drops its version-1 records.
   * With `basedOn` (the revision the write started from), a document stored at a newer revision is left
   * as it is and the outcome says so: the check and the write are one transaction, so two tabs can
   * never both pass it. Without it, the write goes over whatever is stored (a new conversation).
   */
  async save(document: ConversationDocument, basedOn?: number): Promise<SaveOutcome> {
    const transaction = this.database.transaction(
      ['conversations', 'documents', 'turns', 'snapshots'],
      'readwrite',
    );
    const id = document.id;
    const documents = transaction.objectStore('documents');
    const conversations = transaction.objectStore('conversations');
    const listed = await conversations.get(id);
    // Reading the stored document back would cost as much as writing it (hundreds of turns, each
    // streamed write): its list entry, written in the same transaction, says the revision.
    const storedRevision = listed?.revision ?? (await documents.get(id))?.revision ?? 0;
    if (basedOn !== undefined && storedRevision > basedOn) {
      transaction.abort();
      await transaction.done.catch(() => undefined);
      return { saved: false, revision: storedRevision };
    }
    const revision = storedRevision + 1;
    const questions = document.turns
      .map((turn) => turn.userText)
      .join('\n')
      .slice(0, QUESTIONS_LENGTH);
    // A write that lands while a delete can still be undone keeps the conversation out of the list.
    const deletedAt = listed?.deletedAt;
    const summary: ConversationSummary = {
      id,
      title: document.title,
      createdAt: document.createdAt,
      updatedAt: document.updatedAt,
      ...(questions ? { questions } : {}),
      ...(deletedAt !== undefined ? { deletedAt } : {}),
      ...(document.importedFrom !== undefined ? { importedFrom: document.importedFrom } : {}),
      revision,
    };
    await Promise.all([
      conversations.put(summary),
      documents.put({ id, document, revision }),
      transaction
        .objectStore('turns')
        .delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER])),
      transaction.objectStore('snapshots').delete(id),
      transaction.done,
    ]);
    return { saved: true, revision };
  }

  /**
   * Renames a conversation not open in this tab (an open one is renamed through its reducer). Another
   * tab may write it meanwhile: the rename is applied again to its newer document.
   */
  async rename(id: string, title: string): Promise<void> {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const stored = await this.loadWithRevision(id);
      if (!stored) return;
      const renamed = reduceConversation(stored.document, { type: 'renamed', title });
      if ((await this.save(renamed, stored.revision)).saved) return;
    }
  }

  /**
   * Keeps a result's rows with the conversation, cut to ROW_CAPS.keptWithConversation rows and RESULT_BYTE_CAP bytes
   * (whichever comes first); the stored result says when it was cut. Returns what was stored.
   */
  async saveResult(conversationId: string, result: StoredResult): Promise<StoredResult> {
    const capped = capResult(result);
    await this.database.put('results', {
      conversationId,
      resultId: result.resultId,
      result: capped,
    });
    return capped;
  }

  /** The results kept with a conversation. */
  async loadResults(conversationId: string): Promise<StoredResult[]> {
    const records = await this.database.getAllFromIndex(
      'results',
      'conversationId',
      conversationId,
    );
    return records.map((record) => record.result);
  }

  /** Deletes a conversation with its document, results and any version-1 records. */
  async delete(id: string): Promise<void> {
    const transaction = this.database.transaction(
      ['conversations', 'documents', 'turns', 'snapshots', 'results'],
      'readwrite',
    );
    const results = transaction.objectStore('results');
    const resultKeys = await results.index('conversationId').getAllKeys(id);
    await Promise.all([
      transaction.objectStore('conversations').delete(id),
      transaction.objectStore('documents').delete(id),
      transaction
        .objectStore('turns')
        .delete(IDBKeyRange.bound([id, 0], [id, Number.MAX_SAFE_INTEGER])),
      transaction.objectStore('snapshots').delete(id),
      ...resultKeys.map((key) => results.delete(key)),
      transaction.done,
    ]);
  }

  /** Closes the database. */
  close(): void {
    this.database.close();
  }
}

/** A result cut to the caps, marked `storedRows` when rows were dropped. */
export function capResult(result: StoredResult): StoredResult {
  const rows: Record<string, unknown>[] = [];
  let bytes = 0;
  for (const row of result.rows) {
    if (rows.length >= ROW_CAPS.keptWithConversation) break;
    bytes += jsonLength(row);
    if (bytes > RESULT_BYTE_CAP) break;
    rows.push(row);
  }
  if (rows.length === result.rows.length) return result;
  return { ...result, rows, storedRows: rows.length };
}

function jsonLength(value: unknown): number {
  try {
    return JSON.stringify(value, (_key, inner: unknown) =>
      typeof inner === 'bigint' ? inner.toString() : inner,
    ).length;
  } catch {
    return 0;
  }
}
