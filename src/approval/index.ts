// What other folders may import from approval/ (lint refuses the files inside).
export { ApprovalControls } from './approval-controls';
export { loadSqlEditor } from './lazy-sql-editor';
export { PendingApprovalView } from './pending-approval-view';
export { showElicitation } from './show-elicitation';
