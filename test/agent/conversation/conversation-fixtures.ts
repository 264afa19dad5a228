// The corpus of stored conversations (test/fixtures/conversations), opened as this release reads them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  migrateConversationV1,
  parseConversationDocument,
  type StoredConversationV1,
} from '../../../src/agent/conversation/migrate-conversation';
import type { ConversationDocument } from '../../../src/agent/conversation/conversation-document';

const folder = 'test/fixtures/conversations';

/** File names of the corpus, version 1 and version 2. */
export const conversationFixtures = readdirSync(folder).filter((file) =>
  /^v[12]-.*\.json$/.test(file),
);

/** A fixture migrated (version 1) or parsed (version 2) into the current document. */
export function openFixture(file: string): ConversationDocument {
  const stored: unknown = JSON.parse(readFileSync(join(folder, file), 'utf8'));
  return file.startsWith('v1-')
    ? migrateConversationV1(stored as StoredConversationV1)
    : parseConversationDocument(stored);
}
