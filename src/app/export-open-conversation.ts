// The sidebar's exports of the open conversation: a markdown or JSON file, named after its title.
import {
  conversationToJson,
  conversationToMarkdown,
  downloadText,
} from '../ui/export-conversation';
import { exportFileName } from '../ui/export-file-name';
import type { ConversationDocument } from '../agent/conversation/conversation-document';
import type { TableData } from '../ui/result-data';

/** Downloads `document` as markdown (once its charts are drawn) or as JSON. */
export async function exportOpenConversation(
  document: ConversationDocument,
  format: 'markdown' | 'json',
  resolveTable: (data: unknown) => TableData | undefined,
): Promise<void> {
  if (format === 'markdown') {
    // Markdown waits for its charts to be drawn (the chart chunk loads on the first export).
    const markdown = await conversationToMarkdown(document.title, document.turns, { resolveTable });
    downloadText(
      exportFileName(document.title, document.createdAt, 'md'),
      markdown,
      'text/markdown',
    );
    return;
  }
  downloadText(
    exportFileName(document.title, document.createdAt, 'json'),
    conversationToJson(document.title, document.turns, [...document.agent.history], resolveTable),
    'application/json',
  );
}
