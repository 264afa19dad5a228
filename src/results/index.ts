// What other folders may import from results/ (lint refuses the files inside).
export { ChartFigure } from './chart-figure';
export { chartImage } from './chart-image';
export { chartMarkdown, redactChartSpec } from './chart-markdown';
export type { DrawChartImage } from './chart-markdown';
export { createResultActions } from './create-result-actions';
export { keepConversationResults } from './keep-conversation-results';
export { keptResultSource, tableResolver } from './kept-result-source';
export { markdownTable } from './markdown-table';
export type { ResultActions } from './result-actions';
export { cellText, findTable, shownCellText } from './result-data';
export type { TableData } from './result-data';
export { ResultTable } from './result-table';
