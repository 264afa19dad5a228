// What other folders may import from uploads/ (lint refuses the files inside).
export { acceptFileDrops } from './file-drop';
export { readUploadInWorker } from './read-upload-in-worker';
export { serveTablePoints } from './serve-table-points';
export type { UploadOptions, UploadOutcome } from './upload-dataset';
export { UploadLibrary } from './upload-library';
export type { RemovalOutcome } from './upload-library';
export type { UploadStorage } from './upload-store';

/** The kept uploads' database, its code loaded only when first needed. */
export const loadUploadStore = () => import('./upload-store');
