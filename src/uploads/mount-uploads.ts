// The uploads surface over the map: the "Add data" control and its progress, files dropped on the
// map, and the notice when the worker holding uploads' layers failed.
import { MountedPieces, mounted, type Mounted } from '../ui/mounted';
import { reportLostUploads } from './read-upload-in-worker';
import { mountUploadControl, type UploadFunction } from './upload-control';
import type { UploadOutcome } from './upload-dataset';

/** What the uploads surface needs from the shell. */
export interface UploadsDependencies {
  /** The element files are dropped on (the map). */
  dropTarget: HTMLElement;
  /** Adds a file (the upload library's `add`). */
  upload: UploadFunction;
  /** Tells the person how an upload went, and anything else the surface reports. */
  notify: (message: string) => void;
  /** Settles once an added file's table can be queried: its progress line stays until then. */
  queryable?: (outcome: UploadOutcome) => Promise<void>;
  /** Offered each file first: true when another reader took it (a conversation export to import). */
  claim?: (file: File) => Promise<boolean>;
  /** The title a person knows an upload's table by (its file's name). */
  titleOf: (table: string) => string;
}

/** Mounts the upload control at the top of `host` and the drop target on `dropTarget`. */
export function mountUploads(host: HTMLElement, dependencies: UploadsDependencies): Mounted {
  const pieces = new MountedPieces();
  pieces.add(
    mountUploadControl(
      host,
      dependencies.dropTarget,
      dependencies.upload,
      (outcome) => dependencies.notify(outcome.message),
      dependencies.queryable,
      dependencies.claim,
    ),
  );
  pieces.add(mounted(reportLostUploads(dependencies.notify, dependencies.titleOf)));
  return pieces;
}
