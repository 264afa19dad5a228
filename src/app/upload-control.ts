// The "Add data" button, the drop target over the map, and the progress of uploads under way.
import '../map/map-panels.css';
import type { UploadOutcome, UploadPhase } from './upload-dataset';

/** Adds a file, telling `onPhase` each step it starts (and waiting while the step is shown). */
export type UploadFunction = (
  file: File,
  onPhase: (phase: UploadPhase) => Promise<void>,
) => Promise<UploadOutcome>;

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
 * `claim` sees each file first and may take it for another reader.
 */
export function mountUploadControl(
  container: HTMLElement,
  dropTarget: HTMLElement,
  upload: UploadFunction,
  report: (outcome: UploadOutcome) => void,
  queryable: (outcome: UploadOutcome) => Promise<void> = () => Promise.resolve(),
  /** Offered each file first: true when another reader took it (a conversation export to import). */
  claim: (file: File) => Promise<boolean> = () => Promise.resolve(false),
): void {
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

  /** Uploads under way, each with the words of its current step, in the order they started. */
  const underWay = new Map<symbol, string>();
  const showProgress = (): void => {
    const lines = [...underWay.values()];
    progress.hidden = lines.length === 0;
    if (lines.length === 0) {
      progress.replaceChildren();
      return;
    }
    const bar = document.createElement('progress');
    bar.setAttribute('aria-hidden', 'true');
    const text = document.createElement('span');
    text.textContent = lines.join('; ');
    progress.replaceChildren(bar, text);
  };
  const add = (file: File): void => {
    void claim(file).then((claimed) => {
      if (!claimed) uploadFile(file);
    });
  };
  const uploadFile = (file: File): void => {
    const key = Symbol(file.name);
    const onPhase = async (phase: UploadPhase): Promise<void> => {
      underWay.set(key, phaseWords[phase](file.name));
      showProgress();
      await painted();
    };
    void upload(file, onPhase)
      .then(async (outcome) => {
        report(outcome);
        if (!outcome.ok) return;
        underWay.set(key, phaseWords.sql(file.name));
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
  dropTarget.addEventListener('dragover', (event) => {
    event.preventDefault();
    dropTarget.classList.add('upload-dragging');
  });
  dropTarget.addEventListener('dragleave', () => dropTarget.classList.remove('upload-dragging'));
  dropTarget.addEventListener('drop', (event) => {
    event.preventDefault();
    dropTarget.classList.remove('upload-dragging');
    for (const file of event.dataTransfer?.files ?? []) add(file);
  });
}
