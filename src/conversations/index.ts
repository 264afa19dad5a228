// What other folders may import from conversations/ (lint refuses the files inside).
export { ConversationList } from './conversation-list';
export type { ReportSources } from './conversation-list';
export { ConversationTabs } from './conversation-tabs';
export { firstConversation } from './first-conversation';
export { followConversationMap } from './follow-conversation-map';
export { MapUndo } from './map-undo';
export { writeErrorReporter } from './write-error-reporter';
