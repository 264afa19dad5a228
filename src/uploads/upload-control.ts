// The "Add data" button, the drop target over the map, and the progress of uploads under way.
import '../map/map-panels.css';
import type { Mounted } from '../ui/mounted';
import type { UploadOutcome, UploadPhase, UploadProgress } from './upload-dataset';

/**
 * Adds a file, telling `onPhase` each step it starts (and waiting while the step is shown) and
 * `onProgress` how much of it has been read; `signal` is the person's Cancel.
 */
export type UploadFunction = (
  file: File,
  options: {
    onPhase: (phase: UploadPhase) => Promise<void>;
    onProgress: (progress: UploadProgress) => void;
    signal: AbortSignal;
  },
) => Promise<UploadOutcome>;

/** "45% (45 of 100 MB)": how far a file has been read. */
export function progressWords({ loadedBytes, totalBytes }: UploadProgress): string {
  const share = totalBytes > 0 ? Math.floor((loadedBytes / totalBytes) * 100) : 0;
  const megabytes = (bytes: number): string => (bytes / 1e6).toFixed(bytes < 10e6 ? 1 : 0);
  return `${share}% (${megabytes(loadedBytes)} of ${megabytes(totalBytes)} MB)`;
}

/** One upload under way: the words of its step, how far it got, and its Cancel while it has one. */
interface UnderWay {
  words: string;
  progress?: UploadProgress;
  cancel?: () => void;
}

const phaseWords: Record<UploadPhase, (fileName: string) => string> = {
  reading: (fileName) => `Reading ${fileName}…`,
  loading: (fileName) => `Loading ${fileName}…`,
  drawing: (fileName) => `Drawing ${fileName}…`,
  sql: (fileName) => `Loading ${fileName} for queries…`,
};

/** Waits until the browser has painted, so a step's name shows before the work that blocks the page. */
function painted(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame !== 'function') {
      setTimeout(resolve, 0);
      return;
    }
    requestAnimationFrame(() => setTimeout(resolve, 0));
  });
}

/**
 * Mounts the file picker at the top of `container` and accepts files dropped on `dropTarget`. While a
 * file is added, a status line below the button names it and the step it is at; the line fades in only
 * after half a second (map-panels.css), so a quick upload does not flash it. `queryable` settles once
 * an added file's table can be queried: the line stays until then, after the outcome is reported.
 * `claim` sees each file first and may take it for another reader. `destroy()` removes the control and
 * its drop target's listeners (uploads under way go on: the library owns them).
 */
export function mountUploadControl(
  container: HTMLElement,
  dropTarget: HTMLElement,
  upload: UploadFunction,
  report: (outcome: UploadOutcome) => void,
  queryable: (outcome: UploadOutcome) => Promise<void> = () => Promise.resolve(),
  /** Offered each file first: true when another reader took it (a conversation export to import). */
  claim: (file: File) => Promise<boolean> = () => Promise.resolve(false),
): Mounted {
  const label = document.createElement('label');
  label.className = 'upload-control';
  label.textContent = 'Add data (CSV, GeoJSON, Parquet)';
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = '.csv,.tsv,.geojson,.json,.parquet';
  input.className = 'upload-input';
  label.append(input);
  const progress = document.createElement('div');
  progress.className = 'upload-progress';
  progress.setAttribute('role', 'status');
  progress.hidden = true;
  container.prepend(label, progress);

  /** Uploads under way, each with its current step, in the order they started. */
  const underWay = new Map<symbol, UnderWay>();
  const rowOf = (upload: UnderWay): HTMLElement => {
    const row = document.createElement('div');
    row.className = 'upload-progress-row';
    const bar = document.createElement('progress');
    bar.setAttribute('aria-hidden', 'true');
    const text = document.createElement('span');
    text.textContent = upload.words;
    if (upload.progress) {
      // A bar that fills as DuckDB reads the file; without a measure it runs as a busy bar.
      bar.max = Math.max(1, upload.progress.totalBytes);
      bar.value = upload.progress.loadedBytes;
      text.textContent = `${upload.words} ${progressWords(upload.progress)}`;
    }
    row.append(bar, text);
    if (upload.cancel) {
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'upload-cancel';
      button.textContent = 'Cancel';
      button.addEventListener('click', upload.cancel, { once: true });
      row.append(button);
    }
    return row;
  };
  const showProgress = (): void => {
    const uploads = [...underWay.values()];
    progress.hidden = uploads.length === 0;
    progress.replaceChildren(...uploads.map(rowOf));
  };
  /** Updates an upload's row in place: progress comes often and must not rebuild the Cancel button. */
  const showShare = (key: symbol): void => {
    const upload = underWay.get(key);
    const index = [...underWay.keys()].indexOf(key);
    const row = progress.children[index];
    if (!upload?.progress || !row) return showProgress();
    const bar = row.querySelector('progress');
    const text = row.querySelector('span');
    if (bar) {
      bar.max = Math.max(1, upload.progress.totalBytes);
      bar.value = upload.progress.loadedBytes;
    }
    if (text) text.textContent = `${upload.words} ${progressWords(upload.progress)}`;
  };
  const add = (file: File): void => {
    void claim(file).then((claimed) => {
      if (!claimed) uploadFile(file);
    });
  };
  const uploadFile = (file: File): void => {
    const key = Symbol(file.name);
    const stop = new AbortController();
    const cancel = (): void => {
      stop.abort(new DOMException(`Adding ${file.name} was cancelled.`, 'AbortError'));
      underWay.set(key, { words: `Cancelling ${file.name}…` });
      showProgress();
    };
    const onPhase = async (phase: UploadPhase): Promise<void> => {
      if (stop.signal.aborted) return;
      // The progress of a step is its own: a new step starts without one. Cancel is offered while the
      // file is read and loaded; once its layer is being drawn the upload goes through.
      const cancellable = phase === 'reading' || phase === 'loading';
      underWay.set(key, {
        words: phaseWords[phase](file.name),
        ...(cancellable ? { cancel } : {}),
      });
      showProgress();
      await painted();
    };
    const onProgress = (read: UploadProgress): void => {
      const upload = underWay.get(key);
      if (!upload || stop.signal.aborted) return;
      const hadProgress = upload.progress !== undefined;
      upload.progress = read;
      if (hadProgress) showShare(key);
      else showProgress();
    };
    void upload(file, { onPhase, onProgress, signal: stop.signal })
      .then(async (outcome) => {
        report(outcome);
        if (!outcome.ok) return;
        // What goes on after the announcement (the table for SQL, a large file's layer) cannot be
        // cancelled: the upload is added; the layer panel's Remove takes it away.
        underWay.set(key, { words: phaseWords[outcome.after ?? 'sql'](file.name) });
        showProgress();
        await queryable(outcome);
      })
      .finally(() => {
        underWay.delete(key);
        showProgress();
      });
  };

  input.addEventListener('change', () => {
    const files = [...(input.files ?? [])];
    input.value = '';
    for (const file of files) add(file);
  });
  const over = (event: DragEvent): void => {
    event.preventDefault();
    dropTarget.classList.add('upload-dragging');
  };
  const leave = (): void => dropTarget.classList.remove('upload-dragging');
  const drop = (event: DragEvent): void => {
    event.preventDefault();
    leave();
    for (const file of event.dataTransfer?.files ?? []) add(file);
  };
  dropTarget.addEventListener('dragover', over);
  dropTarget.addEventListener('dragleave', leave);
  dropTarget.addEventListener('drop', drop);
  return {
    destroy: () => {
      dropTarget.removeEventListener('dragover', over);
      dropTarget.removeEventListener('dragleave', leave);
      dropTarget.removeEventListener('drop', drop);
      leave();
      label.remove();
      progress.remove();
    },
  };
}
