// Import: a conversation's JSON export becomes a new stored conversation, with its result rows (cut to
// the stored caps as any result is) and its map. It always gets a new id; a result id that another
// stored conversation already uses is renamed everywhere it appears (calls, charts, map, history).
// The same export imported again is recognised by its fingerprint and not stored twice.
import { stableJson } from '../../tools/stable-json';
import { NOT_AN_EXPORT, readConversationExport } from './read-conversation-export';
import type { ConversationStore } from '../../storage/conversation-store';

/**
 * What importing a file did: the new conversation, the one already imported from the same export
 * (`existing`), or one sentence saying why not.
 */
export type ImportOutcome =
  { ok: true; id: string; title: string; existing?: true } | { ok: false; problem: string };

/**
 * The export's fingerprint: a SHA-256 of its content, keys sorted, without the time it was written (the
 * same conversation exported twice is the same conversation).
 */
export async function exportFingerprint(parsed: unknown): Promise<string> {
  const content =
    typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)
      ? { ...(parsed as Record<string, unknown>), exportedAt: undefined }
      : parsed;
  const digest = await crypto.subtle.digest(
    'SHA-256',
    new TextEncoder().encode(stableJson(content)),
  );
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Every string of `value` with the renamed ids replaced where they stand as whole ids. */
export function renameIds<T>(value: T, renames: Map<string, string>): T {
  if (renames.size === 0) return value;
  const escaped = [...renames.keys()].map((id) => id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  const pattern = new RegExp(`(?<![A-Za-z0-9_])(${escaped.join('|')})(?![A-Za-z0-9_])`, 'g');
  return JSON.parse(JSON.stringify(value), (_key, inner: unknown) =>
    typeof inner === 'string' ? inner.replace(pattern, (id) => renames.get(id) ?? id) : inner,
  ) as T;
}

/** Imports the export in `text` into `store`; never throws for a bad file. */
export async function importConversation(
  store: ConversationStore,
  text: string,
  now = Date.now(),
): Promise<ImportOutcome> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, problem: NOT_AN_EXPORT };
  }
  const read = readConversationExport(parsed, crypto.randomUUID(), now);
  if (!read.ok) return read;
  const importedFrom = await exportFingerprint(parsed);
  const already = (await store.list()).find((summary) => summary.importedFrom === importedFrom);
  if (already) return { ok: true, id: already.id, title: already.title, existing: true };
  const inUse = await store.resultIds();
  const renames = new Map(
    read.results
      .filter((result) => inUse.has(result.resultId))
      .map((result) => [result.resultId, `${result.resultId}-${crypto.randomUUID().slice(0, 8)}`]),
  );
  const document = { ...renameIds(read.document, renames), importedFrom };
  const results = renameIds(read.results, renames);
  await store.save(document);
  for (const result of results) await store.saveResult(document.id, result);
  return { ok: true, id: document.id, title: document.title };
}
