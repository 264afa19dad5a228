// What the shell needs of conversations/ before the chat loads: the map's Undo history it shows in the
// layer panel, and how it tells a dropped conversation export from an upload. Kept apart from
// index.ts, whose views load with the chat, so the first chunk stays small.
export { isConversationExportFile } from './export/is-conversation-export';
export { MapUndo } from './map-undo';
