// What other folders may import from chat/ (lint refuses the files inside).
export { retitleChatPlaceholder, showChatPlaceholder } from './chat-placeholder';
