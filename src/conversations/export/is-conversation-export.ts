// Tells a conversation's JSON export from a dataset before anything reads it as one: both are .json,
// and an export dropped on the map is a conversation to import, not a GeoJSON upload to refuse. Small
// on purpose: the map's upload control loads with the page, the import code with the chat.

/** The export names its format first (conversations/export/export-conversation.ts): the file's start is enough. */
const FORMAT = /"format"\s*:\s*"mapwright-conversation"/;

/** True when `head`, the start of a file, names the conversation export format. */
export function looksLikeConversationExport(head: string): boolean {
  return FORMAT.test(head);
}

/** True when `file` is a conversation's JSON export (read from its first 4 KB). */
export async function isConversationExportFile(file: File): Promise<boolean> {
  if (!/\.json$/i.test(file.name) && file.type !== 'application/json') return false;
  try {
    return looksLikeConversationExport(await file.slice(0, 4096).text());
  } catch {
    return false;
  }
}
